import { CountersignError, type CountersignErrorCode } from './errors.js';

/** Runs one query or mutation and resolves with its `data`. */
export type ExecuteOperation = <TData>(query: string, variables?: Record<string, unknown>) => Promise<TData>;

interface GraphQLBody<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * Sends operations over HTTP POST with the agent's bearer key. The JSON
 * content type is not optional: the API refuses any other body (its CSRF
 * guard). A GraphQL error becomes a {@link CountersignError} carrying the
 * API's `extensions.code`; a failure to reach the server becomes `TRANSPORT`.
 */
export function createHttpExecutor({ url, key, fetchImpl }: { url: string; key: string; fetchImpl: typeof fetch }): ExecuteOperation {
  return async <TData>(query: string, variables?: Record<string, unknown>): Promise<TData> => {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query, variables }),
      });
    } catch (error) {
      throw new CountersignError('TRANSPORT', `Could not reach ${url}: ${(error as Error).message}`, { cause: error });
    }
    let body: GraphQLBody<TData>;
    try {
      body = (await response.json()) as GraphQLBody<TData>;
    } catch (error) {
      throw new CountersignError('TRANSPORT', `${url} answered ${response.status} without a GraphQL body.`, { status: response.status, cause: error });
    }
    const first = body.errors?.[0];
    if (first) {
      // Every error the API sends carries a code; one without is not from the API's own enum.
      const code = (first.extensions?.code ?? (response.status >= 500 ? 'INTERNAL' : 'TRANSPORT')) as CountersignErrorCode;
      throw new CountersignError(code, first.message, { status: response.status });
    }
    if (!body.data) throw new CountersignError('TRANSPORT', `${url} answered ${response.status} without data.`, { status: response.status });
    return body.data;
  };
}
