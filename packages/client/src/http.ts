import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { CountersignError, type CountersignErrorCode } from './errors.js';

/** The request header that makes an agent write safe to retry (docs/idempotency.md, rule I1). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The response header marking an answer replayed from the idempotency record. */
const REPLAYED_HEADER = 'idempotent-replayed';

/** What one HTTP exchange answered: the operation's `data`, and whether it was a replay of an earlier write. */
export interface Answer<TData> {
  data: TData;
  /** True when the API answered from its idempotency record (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

/** Per-request options; only writes take a key. */
export interface SendOptions {
  /** Sent as `Idempotency-Key`. */
  idempotencyKey?: string;
}

/**
 * A document as `graphql()` in `gql/` types it: its text, and the shape of
 * its answer and variables as the codegen read them from the SDL.
 */
export type TypedDocument<TData, TVariables> = DocumentTypeDecoration<TData, TVariables> & { toString(): string };

/** Sends one query or mutation, once, and resolves with its answer, typed by the document. */
export type SendOperation = <TData, TVariables>(
  document: TypedDocument<TData, TVariables>,
  variables: TVariables,
  options?: SendOptions,
) => Promise<Answer<TData>>;

interface GraphQLBody<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: { code?: string; differs?: unknown } }[];
}

/**
 * Sends operations over HTTP POST with the agent's bearer key. The JSON
 * content type is not optional: the API refuses any other body (its CSRF
 * guard). A GraphQL error becomes a {@link CountersignError} carrying the
 * API's `extensions.code`, the HTTP status, any `Retry-After` and the
 * request's idempotency key; a failure to reach the server becomes
 * `TRANSPORT`. Retrying is the caller's decision (see `retry.ts`).
 */
export function createHttpTransport({ url, key, fetchImpl }: { url: string; key: string; fetchImpl: typeof fetch }): SendOperation {
  return async <TData, TVariables>(
    document: TypedDocument<TData, TVariables>,
    variables: TVariables,
    { idempotencyKey }: SendOptions = {},
  ): Promise<Answer<TData>> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` };
    if (idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify({ query: document.toString(), variables }) });
    } catch (error) {
      throw new CountersignError('TRANSPORT', `Could not reach ${url}: ${(error as Error).message}`, { cause: error, idempotencyKey });
    }
    const details = { status: response.status, idempotencyKey, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
    let body: GraphQLBody<TData>;
    try {
      body = (await response.json()) as GraphQLBody<TData>;
    } catch (error) {
      throw new CountersignError('TRANSPORT', `${url} answered ${response.status} without a GraphQL body.`, { ...details, cause: error });
    }
    const first = body.errors?.[0];
    if (first) {
      // Every error the API sends carries a code; one without is not from the API's own enum.
      const code = (first.extensions?.code ?? (response.status >= 500 ? 'INTERNAL' : 'TRANSPORT')) as CountersignErrorCode;
      const differs = first.extensions?.differs;
      const named = Array.isArray(differs) ? { differs: differs.filter((part): part is string => typeof part === 'string') } : {};
      throw new CountersignError(code, first.message, { ...details, ...named });
    }
    if (!body.data) throw new CountersignError('TRANSPORT', `${url} answered ${response.status} without data.`, details);
    return { data: body.data, replayed: response.headers.get(REPLAYED_HEADER) === 'true' };
  };
}

/** `Retry-After` in milliseconds: whole seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
