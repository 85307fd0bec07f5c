import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServerResponse } from 'node:http';
import type { MetricsSettings } from './settings.js';
import type { ServerMetrics } from './server-metrics.js';
import { scrapeCluster, scrapesThroughPrimary } from './cluster-scrape.js';
import { inFlightKind } from './request-metrics.js';

/**
 * The route class a path belongs to: a closed set, so that no path a
 * client makes up (a console route, an id, a probe) becomes a label value.
 */
export function routeClass(path: string): string {
  if (path === '/graphql') return 'graphql';
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path === '/metrics') return 'metrics';
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  if (path === '/audit/export') return 'audit_export';
  if (path.startsWith('/.well-known/')) return 'well_known';
  return 'other';
}

/**
 * Counts and times every HTTP request (not WebSocket upgrades, which
 * edge/http/ws/websocket.ts takes before Express), and holds it in flight
 * until its answer is written or its connection goes ('close' comes either way).
 */
export function countRequests(metrics: ServerMetrics): RequestHandler {
  return (req, res, next) => {
    countRequest(metrics, req.originalUrl, res);
    next();
  };
}

/** The same for a request served on `node:http` without Express (POST /graphql, edge/http/graphql-post.ts). */
export function countRequest(metrics: ServerMetrics, url: string, res: ServerResponse): void {
  const started = process.hrtime.bigint();
  const route = routeClass(url.split('?')[0]!);
  res.once('close', metrics.httpRequestStarted(inFlightKind(route)));
  res.on('finish', () => {
    metrics.httpRequest(route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

/**
 * GET /metrics. Off: 404, as if absent (not even the console's page). With a
 * token: 401 and `WWW-Authenticate: Bearer` unless the request carries it,
 * compared in constant time; the refusal does not say whether a token was
 * sent or how it differs.
 */
export function metricsRoute(settings: MetricsSettings, metrics: ServerMetrics | undefined, notFound: RequestHandler): RequestHandler {
  const expected = settings.token === undefined ? undefined : digest(settings.token);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!settings.enabled || !metrics) return notFound(req, res, next);
    if (expected !== undefined) {
      const match = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
      if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="countersign-metrics"');
        res.setHeader('Cache-Control', 'no-store');
        res.status(401).type('text/plain').send('A bearer token is needed for /metrics (COUNTERSIGN_METRICS_TOKEN).\n');
        return;
      }
    }
    try {
      // In a cluster's worker, the primary answers for every worker (cluster-scrape.ts).
      const text = scrapesThroughPrimary() ? await scrapeCluster() : await metrics.registry.metrics();
      res.setHeader('Cache-Control', 'no-store');
      res.type(metrics.registry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}

/** Both sides hashed to one length first: timingSafeEqual needs equal lengths, and comparing lengths would leak the token's. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
