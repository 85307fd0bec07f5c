import { execute, type DocumentNode, type GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Context } from '../../platform/lib/context.js';
import { HTTP_STATUS } from '../../platform/lib/errors.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable.js';
import { drawOutcome, firstDomainCode, operationResult } from '../../platform/metrics/graphql-plugin.js';
import type { ServerMetrics } from '../../platform/metrics/server-metrics.js';

/*
 * A draw-only request (one `drawAuthority`, no idempotency key) executed
 * without Apollo's request pipeline: graphql-js runs the document the
 * limits check already parsed and validated (document-facts.ts), and the
 * answer is made here the way Apollo and our plugins make it — errors
 * normalised and masked by the same formatter, their HTTP status and
 * headers merged, 503 with Retry-After for UNAVAILABLE (retry-status.ts),
 * the same metrics (platform/metrics/graphql-plugin.ts), `{errors, data}`
 * in that order and a newline. The pipeline's hooks, awaited one by one,
 * cost a draw about a third of its server CPU (bench/draws.ts, issue 30);
 * a parity test (draw-fast-path.test.ts) holds both answers byte for byte.
 *
 * Whatever is not that plain case goes to Apollo unchanged: a request whose
 * variables do not coerce (nothing has run yet), a context that refused
 * (RATE_LIMITED), an Accept header asking for another media type.
 */

/** Apollo's content type for a JSON answer when the client accepts JSON (or anything). */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The answer the fast path made, or why Apollo must make it instead. */
export type DrawAnswer =
  { kind: 'answered'; status: number; headers: Map<string, string>; body: string } | { kind: 'apollo'; context: Context | undefined; contextError?: unknown };

export interface DrawFastPathDeps {
  schema: GraphQLSchema;
  /** Apollo's `formatError` (edge/graphql/format-error.ts). */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  metrics: ServerMetrics | undefined;
}

/** Set on a fast-path request's context: what the draw's resolver returned or threw, as the metrics plugin sees it. */
const OBSERVE_DRAW = Symbol('observe the draw resolver');
type DrawObserver = (error: unknown, value?: unknown) => void;

/** Whether an Accept header takes Apollo's plain JSON answer: none, anything, or `application/json` itself. */
export function acceptsPlainJson(accept: string | undefined): boolean {
  return accept === undefined || accept === '*/*' || accept === 'application/json';
}

/**
 * The fast path over `schema`. Wraps the draw's resolver once, so a
 * fast-path request can read its result as Apollo's `willResolveField`
 * would; for every other request the wrapper only passes through.
 */
export function drawFastPath({ schema, formatError, metrics }: DrawFastPathDeps) {
  const field = schema.getMutationType()?.getFields().drawAuthority;
  const resolve = field?.resolve;
  if (!field || !resolve) throw new Error('the schema has no drawAuthority resolver');
  field.resolve = async (root, args, context: Context & { [OBSERVE_DRAW]?: DrawObserver }, info) => {
    try {
      const value: unknown = await resolve(root, args, context, info);
      context[OBSERVE_DRAW]?.(undefined, value);
      return value;
    } catch (error) {
      context[OBSERVE_DRAW]?.(error);
      throw error;
    }
  };

  return async (request: { document: DocumentNode; variables: unknown; operationName: unknown }, buildContext: () => Promise<Context>): Promise<DrawAnswer> => {
    const started = process.hrtime.bigint();
    let context: Context & { [OBSERVE_DRAW]?: DrawObserver };
    try {
      context = await buildContext();
    } catch (error) {
      return { kind: 'apollo', context: undefined, contextError: error };
    }
    let domainCode: string | undefined;
    context[OBSERVE_DRAW] = (error, value) => {
      if (error) return metrics?.drew('error');
      domainCode = firstDomainCode(value);
      metrics?.drew(drawOutcome(value));
    };
    const result = await execute({
      schema,
      document: request.document,
      contextValue: context,
      variableValues: request.variables as Record<string, unknown> | null | undefined,
      operationName: request.operationName as string | null | undefined,
    });
    delete context[OBSERVE_DRAW];
    // No data at all: the variables did not coerce, and nothing ran. Apollo answers that with its own message and status.
    if (!('data' in result) || result.data === undefined) return { kind: 'apollo', context };
    const headers = new Map<string, string>();
    let status: number | undefined;
    const errors = result.errors?.map((error) =>
      normalised(error, formatError, (http) => {
        if (http.status) status = http.status;
        for (const [name, value] of http.headers ?? []) headers.set(name, value);
      }),
    );
    // retry-status.ts: an error masked as UNAVAILABLE is a 503 the client may retry after a pause.
    if (errors?.some((error) => error.extensions?.code === 'UNAVAILABLE')) {
      status = HTTP_STATUS.UNAVAILABLE;
      if (!headers.has('retry-after')) headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE);
    // Apollo's cache-control plugin: no type in the schema carries a cache hint, so every answer is uncacheable.
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
    metrics?.graphqlOperation(
      { type: 'mutation', field: 'drawAuthority', result: operationResult(errors?.[0]?.extensions?.code, errors?.length ?? 0, domainCode) },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
    return { kind: 'answered', status: status ?? 200, headers, body: JSON.stringify({ errors, data: result.data }) + '\n' };
  };
}

/**
 * One error as Apollo's `normalizeAndFormatErrors` makes it: a code
 * (INTERNAL_SERVER_ERROR when it has none), its `extensions.http` taken off
 * and handed to `http`, then our formatter — and a formatter that throws
 * answers a bare internal error, as Apollo does.
 */
function normalised(
  error: GraphQLError,
  formatError: DrawFastPathDeps['formatError'],
  http: (head: { status?: number; headers?: Map<string, string> }) => void,
): GraphQLFormattedError {
  try {
    const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR' };
    const head = extensions.http as { status?: unknown; headers?: unknown } | undefined;
    if (head && typeof head === 'object' && (!('status' in head) || typeof head.status === 'number') && (!('headers' in head) || head.headers instanceof Map)) {
      http(head as { status?: number; headers?: Map<string, string> });
      delete extensions.http;
    }
    return formatError({ ...error.toJSON(), extensions }, error);
  } catch {
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
}
