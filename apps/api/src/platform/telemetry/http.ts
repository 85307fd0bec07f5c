import type { RequestHandler } from 'express';
import type { ServerResponse } from 'node:http';
import { endRequestSpan, inGraphqlSpan, startRequestSpan, tracingOn, type RequestTrace } from './spans.js';

/** Paths served by their own route; anything else is the console's files (or a 404). A span names the class, never the path. */
const ROUTES = new Set(['/graphql', '/healthz', '/readyz', '/metrics', '/audit/export', '/.well-known/jwks.json', '/.well-known/audit-keys.json']);

/** The route class of a request path: bounded, so span names stay few. */
export function routeClass(path: string): string {
  if (ROUTES.has(path)) return path;
  if (path === '/mcp' || path.startsWith('/mcp/')) return '/mcp';
  return 'other';
}

/** Probes a balancer or orchestrator sends every second or so: a trace each would bury the requests that matter. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz']);

/**
 * Starts the request's server span (when tracing is on, and the request is
 * no probe) and ends it when the answer is written or the client leaves.
 * Returns the trace id for the request's log line, or undefined.
 */
export function traceRequest(method: string, path: string, requestId: string, res: ServerResponse & { locals: Record<string, unknown> }): string | undefined {
  if (!tracingOn()) return undefined;
  const route = routeClass(path);
  if (UNTRACED_ROUTES.has(route)) return undefined;
  const request = startRequestSpan(method, route, requestId);
  if (!request) return undefined;
  res.locals.trace = request;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    endRequestSpan(request, res.statusCode, !res.writableFinished);
  };
  res.once('finish', end);
  res.once('close', end);
  return request.traceId;
}

/**
 * Apollo's handler inside the GraphQL operation's span (when tracing is on;
 * otherwise the handler itself). The span's parent is taken from the request
 * explicitly: the body parser's stream callbacks do not carry context along.
 */
export function tracedGraphql(handler: RequestHandler): RequestHandler {
  if (!tracingOn()) return handler;
  return (req, res, next) => inOperationSpan(res.locals, () => handler(req, res, next));
}

/** `work` inside the GraphQL operation's span when tracing is on and the request has a span (`locals.trace`); `work` itself otherwise. */
export async function inOperationSpan<T>(locals: Record<string, unknown>, work: () => Promise<T> | T): Promise<T> {
  const request = locals.trace as RequestTrace | undefined;
  if (!request) return work();
  return inGraphqlSpan(request, async () => work());
}
