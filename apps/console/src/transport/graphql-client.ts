import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { CloseCode, createClient, type Client } from 'graphql-ws';
import { useSyncExternalStore } from 'react';

/**
 * A GraphQL error the server answered with (or a transport failure), carrying
 * the `extensions.code` from the API's closed enum so callers can branch on
 * `UNAUTHENTICATED` and the like without parsing messages.
 */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
}

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * Runs one query or mutation over HTTP POST on the console's own origin. The
 * JSON content type is what the API's CSRF guard requires; `same-origin`
 * credentials send the HttpOnly session cookie and never leak it elsewhere.
 */
export async function request<TResult, TVariables>(
  document: TypedDocumentNode<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ query: print(document), variables }),
  });
  let body: GraphQLResponse<TResult>;
  try {
    body = (await response.json()) as GraphQLResponse<TResult>;
  } catch {
    throw new GraphQLRequestError(`The server answered ${response.status} without a GraphQL body.`, undefined, response.status);
  }
  const first = body.errors?.[0];
  if (first) throw new GraphQLRequestError(first.message, first.extensions?.code, response.status);
  if (!body.data) throw new GraphQLRequestError('The server answered without data.', undefined, response.status);
  return body.data;
}

let socketClient: Client | undefined;

/**
 * Where the live connection stands: `idle` before anything subscribed (or
 * after a reset), `connecting` while (re)connecting, `connected` while events
 * flow. Live views say so, since events missed while not connected are only
 * caught up by the refetch on reconnection.
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected';

let connectionState: ConnectionState = 'idle';
const connectionListeners = new Set<() => void>();

function setConnectionState(next: ConnectionState): void {
  connectionState = next;
  for (const listener of connectionListeners) listener();
}

/**
 * The one graphql-ws client, opened lazily on the first subscription. The
 * browser sends the session cookie with the same-origin upgrade, which is how
 * the API knows the owner; `resetSubscriptions` drops it when that changes.
 */
export function subscriptionClient(): Client {
  if (socketClient) return socketClient;
  const client: Client = createClient({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    lazy: true,
    retryAttempts: Infinity,
    // 1012 (the API's event feed reconnected) and every other drop reconnect, and each
    // live list refetches on `connected`; 4403 (session ended or expired) will not get
    // better with the same cookie, and signing in again resets this client.
    shouldRetry: (event) => !isForbidden(event),
    on: {
      // A disposed client's last events must not overwrite its successor's state.
      connecting: () => {
        if (socketClient === client) setConnectionState('connecting');
      },
      connected: () => {
        if (socketClient === client) setConnectionState('connected');
      },
      closed: (event) => {
        if (socketClient === client) setConnectionState(isForbidden(event) ? 'idle' : 'connecting');
      },
    },
  });
  socketClient = client;
  return client;
}

/** The API closes a socket with 4403 when its session ended or expired. */
function isForbidden(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as { code?: unknown }).code === CloseCode.Forbidden;
}

/** Closes the socket after sign-in or sign-out, so the next one authenticates as the new principal. */
export function resetSubscriptions(): void {
  void socketClient?.dispose();
  socketClient = undefined;
  setConnectionState('idle');
}

/** The live connection's state, re-rendering when it changes. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (listener) => {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    () => connectionState,
  );
}

/**
 * Subscribes to a typed subscription document; returns the unsubscribe
 * function (the shape React effects want as their cleanup).
 */
export function subscribe<TResult, TVariables>(
  document: TypedDocumentNode<TResult, TVariables>,
  onNext: (data: TResult) => void,
  variables?: TVariables,
): () => void {
  return subscriptionClient().subscribe<TResult>(
    { query: print(document), variables: variables as Record<string, unknown> | undefined },
    {
      next: (result) => {
        if (result.data) onNext(result.data);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
