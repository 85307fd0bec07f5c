import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { CloseCode, createClient, type Client } from 'graphql-ws';
import { useSyncExternalStore } from 'react';
import { describeFailure, fetchFailure, isTimeout, type TransportFailure } from './plain-errors';

/**
 * A GraphQL error the server answered with (or a transport failure), carrying
 * the `extensions.code` from the API's closed enum so callers can branch on
 * `UNAUTHENTICATED` and the like without parsing messages. Its message is
 * worded for the owner (plain-errors.ts); `detail` keeps the technical account.
 */
export class GraphQLRequestError extends Error {
  readonly detail: string;

  constructor(
    message: string,
    readonly code: string | undefined,
    /** The HTTP status, or 0 when no answer came (offline, unreachable, timed out). */
    readonly status: number,
    detail?: string,
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.detail = detail ?? message;
  }

  static from(failure: TransportFailure): GraphQLRequestError {
    const { message, detail } = describeFailure(failure);
    const code = failure.kind === 'graphql' ? failure.code : undefined;
    const status = 'status' in failure ? failure.status : 0;
    return new GraphQLRequestError(message, code, status, detail);
  }
}

/**
 * How long the console waits for an answer. The API gives up on a request
 * itself after a minute; an owner should hear sooner that something is wrong
 * than watch a button spin.
 */
export const REQUEST_TIMEOUT_SECONDS = 30;

/** A generated document: its text, typed by what it answers and takes (codegen's `documentMode: 'string'`). */
export type TypedDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & { toString(): string };

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
  document: TypedDocument<TResult, TVariables>,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<TResult> {
  return post(document, variables, false);
}

/**
 * `request`, sent with `keepalive`: the browser delivers it even when the
 * page goes away right after (a decision held for Undo is sent on
 * `pagehide`). Its `fetch` starts before the first `await`, so a caller in
 * a `pagehide` listener has it on its way before the page unloads.
 */
export function requestKeptAlive<TResult, TVariables>(document: TypedDocument<TResult, TVariables>, variables: TVariables): Promise<TResult> {
  return post(document, variables, true);
}

async function post<TResult, TVariables>(
  document: TypedDocument<TResult, TVariables>,
  variables: TVariables | undefined,
  keepalive: boolean,
): Promise<TResult> {
  // Offline, nothing can arrive: say so at once rather than let the browser fail slowly (or a caller queue it for later).
  if (navigator.onLine === false) throw GraphQLRequestError.from({ kind: 'offline' });
  let response: Response;
  let body: GraphQLResponse<TResult>;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ query: document.toString(), variables }),
      keepalive,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_SECONDS * 1000),
    });
  } catch (error) {
    throw GraphQLRequestError.from(fetchFailure(error, navigator.onLine, REQUEST_TIMEOUT_SECONDS));
  }
  try {
    body = (await response.json()) as GraphQLResponse<TResult>;
  } catch (error) {
    // The deadline can also run out while the body streams in; anything else is a body that is not GraphQL.
    throw GraphQLRequestError.from(isTimeout(error) ? { kind: 'timeout', seconds: REQUEST_TIMEOUT_SECONDS } : { kind: 'http', status: response.status });
  }
  const first = body.errors?.[0];
  if (first) throw GraphQLRequestError.from({ kind: 'graphql', status: response.status, code: first.extensions?.code, message: first.message });
  if (!body.data) throw GraphQLRequestError.from({ kind: 'no-data', status: response.status });
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
  document: TypedDocument<TResult, TVariables>,
  onNext: (data: TResult) => void,
  variables?: TVariables,
): () => void {
  return subscriptionClient().subscribe<TResult>(
    { query: document.toString(), variables: variables as Record<string, unknown> | undefined },
    {
      next: (result) => {
        if (result.data) onNext(result.data);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
