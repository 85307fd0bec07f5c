import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Logger } from '../../platform/logger.js';
import { traceRequest } from '../../platform/telemetry/http.js';
import { inRequestScope } from '../../platform/log-scope.js';

/**
 * Gives every request its id (the caller's `X-Request-Id`, cut to 100
 * characters, or a new one), sends it back, and logs one line per request
 * once its answer is written: method, path without the query, status, time.
 * The rest of the chain runs in the request's log scope, so every line it
 * writes carries `requestId` (platform/log-scope.ts).
 */
export function logRequests(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = startRequestLog(log, req.method, req.originalUrl, req.get('x-request-id'), res);
    inRequestScope(requestId, next);
  };
}

/**
 * The same for a request served on `node:http` without Express (POST
 * /graphql, graphql-post.ts): its id, header, span and line. Returns the id,
 * for the caller to run the rest in its log scope.
 */
export function startRequestLog(
  log: Logger,
  method: string,
  url: string,
  requestIdHeader: string | undefined,
  res: ServerResponse & { locals: Record<string, unknown> },
): string {
  const requestId = requestIdHeader?.slice(0, 100) || randomUUID();
  res.setHeader('x-request-id', requestId);
  res.locals.requestId = requestId;
  const started = process.hrtime.bigint();
  const path = url.split('?')[0]!;
  // The request's span while tracing is on (platform/telemetry/http.ts); its trace id goes on the request's line.
  const traceId = traceRequest(method, path, requestId, res);
  res.on('finish', () => {
    log.info({ requestId, method, path, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, trace_id: traceId }, 'request');
  });
  return requestId;
}

/**
 * Enters the request's log scope again: a body parser calls `next` from the
 * request stream's own callbacks, which run outside it. Mounted right after
 * each `express.json`.
 */
export const reenterRequestScope: RequestHandler = (_req, res, next) => {
  inRequestScope(String(res.locals.requestId), next);
};
