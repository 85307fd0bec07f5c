import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Context } from '../../platform/lib/context.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { LIMITS } from '../graphql/limits.js';
import { buildSchema } from '../graphql/schema.js';
import type { Logger } from '../../platform/logger.js';
import { sessionCookieWriter } from './cookies.js';
import { bodyErrors, rejectDeepJson, rejectNul, requireJsonBody } from './guards.js';
import { DocumentFactsCache, refuseOverLimits, type DocumentFacts } from './document-facts.js';
import { answerNotFound, createErrorHandler } from './error-handler.js';
import { idempotencyPlugin } from '../idempotency/plugin.js';
import { OUTBOX_CHANNELS, readOutboxBacklog } from '../../delivery/outbox/store.js';
import { STORED_STATES } from '../../domains/signoffs/store.js';
import { retryStatusPlugin } from '../graphql/retry-status.js';
import { PrincipalConcurrency } from './principal-concurrency.js';
import { securityHeaders } from './security-headers.js';
import { attachWebSocketServer } from './ws/websocket.js';
import { jwksHandler } from '../../domains/signoffs/grants/jwks-route.js';
import type { ApprovalSigner } from '../../domains/signoffs/grants/signer.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { applyConnectionLimits } from './connection-limits.js';
import type { ConnectionLimits } from '../../platform/config/connection-limits.js';
import { refuseHttpSubscriptionsPlugin } from './refuse-http-subscriptions.js';
import { receiptPageArgumentsPlugin } from '../../domains/authorities/page-arguments.js';
import { mcpRoute } from './mcp-route.js';
import { contextBuilder, inProcessFetch, type InProcessOrigin, type Slot } from './graphql-edge.js';
import { auditExportHandler, auditKeysHandler } from './audit-export-route.js';
import { serveConsole } from './console-files.js';
import { traceRequest, tracedGraphql } from '../../platform/telemetry/http.js';
import { graphqlSpanPlugins } from '../../platform/telemetry/graphql-plugin.js';
import { createServerMetrics } from '../../platform/metrics/server-metrics.js';
import { countRequests, metricsRoute } from '../../platform/metrics/http.js';
import { metricsPlugin } from '../../platform/metrics/graphql-plugin.js';
import { METRICS_OFF, type MetricsSettings } from '../../platform/metrics/settings.js';

/**
 * What the server reads of the configuration. `config.ts` reads the
 * environment (with config/'s readers for these limits) and its `Config`
 * fits this shape; declaring it here keeps http/ from importing config.ts back.
 */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  consoleDir: string | undefined;
  idempotencyLeaseMs: number;
  connections: ConnectionLimits;
  trustedProxies: string[];
  maxConcurrentPerPrincipal: number;
  /** `wait_for_decision` calls one agent may have open on `/mcp` per process (COUNTERSIGN_MCP_MAX_WAITS_PER_AGENT); unset: 20. */
  mcpMaxWaitsPerAgent?: number;
  /** Whether /metrics is served and to whom (platform/metrics/settings.ts); unset: off. */
  metrics?: MetricsSettings;
}

/** The started runtime the server serves on (runtime.ts's `RunningRuntime` fits it); `close()` stops it after the requests. */
export interface ServedRuntime extends Runtime {
  signer: ApprovalSigner;
  stop(): Promise<void>;
}

export interface ServerDeps {
  config: ServerConfig & { publicUrl: string };
  db: Database;
  bus: EventBus;
  log: Logger;
  runtime: ServedRuntime;
}

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, drains requests, closes sockets. Leaves the database to its owner. */
  close(): Promise<void>;
  /** A `fetch` running GraphQL in this process through `/graphql`'s edge, as `/mcp`'s tools do (graphql-edge.ts). */
  inProcessGraphQL(origin: InProcessOrigin): typeof fetch;
}

/**
 * Serves HTTP (GraphQL, health, the built console) and WebSocket on one port,
 * on a runtime its caller started: the edge starts nothing of its own
 * (`startServer` in runtime.ts is the start).
 */
export async function serveHttp({ config, db, bus, log, runtime }: ServerDeps): Promise<RunningServer> {
  const schema = buildSchema();
  const concurrency = new PrincipalConcurrency(config.maxConcurrentPerPrincipal);
  const app = express();
  const httpServer: Server = createServer(app);
  applyConnectionLimits(httpServer, config.connections);
  const websocket = attachWebSocketServer({
    httpServer,
    schema,
    db,
    bus,
    log,
    limits: config.connections,
    production: config.production,
    concurrency,
    runtime,
  });
  // This server's own registry (platform/metrics/server-metrics.ts); nothing is counted while /metrics is off.
  const metrics = config.metrics?.enabled
    ? createServerMetrics({
        pools: { main: db.pool, write: db.writePool },
        bus,
        webSocket: websocket,
        databaseGauges: { channels: OUTBOX_CHANNELS, states: STORED_STATES, readBacklog: () => readOutboxBacklog(db.pool) },
      })
    : undefined;
  if (metrics) bus.onDelivered = (waitedMs) => metrics.busDelivered(waitedMs / 1000);
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: !config.production,
    csrfPrevention: true,
    // Automatic persisted queries would let anyone fill the server's memory with registered documents; no client uses them.
    persistedQueries: false,
    // main.ts owns SIGTERM/SIGINT: the database must stop after the server drains.
    stopOnTerminationSignals: false,
    // The limits rule runs before Apollo, alone, on every document it will see (refuseOverLimits below).
    parseOptions: { maxTokens: LIMITS.maxTokens },
    formatError: createErrorFormatter(log),
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { serverWillStart: async () => ({ drainServer: () => websocket.close() }) },
      refuseHttpSubscriptionsPlugin(),
      receiptPageArgumentsPlugin(),
      idempotencyPlugin({ leaseMs: config.idempotencyLeaseMs }),
      retryStatusPlugin(),
      // Last: it reads the answer the plugins above made (an idempotent replay's header).
      ...(metrics ? [metricsPlugin<Context>(metrics, schema)] : []),
      // Names the operation's span and records its result, while tracing is on (platform/telemetry/graphql-plugin.ts).
      ...graphqlSpanPlugins(),
    ],
    logger: { debug: () => undefined, info: () => undefined, warn: (m) => log.warn(String(m)), error: (m) => log.error(String(m)) },
  });
  await apollo.start();

  app.disable('x-powered-by');
  app.use(securityHeaders());
  // Which peers may name the client in X-Forwarded-For (see trusted-proxies.ts); req.ip honours it.
  app.set('trust proxy', config.trustedProxies);
  app.use((req, res, next) => {
    const requestId = req.get('x-request-id')?.slice(0, 100) || randomUUID();
    res.setHeader('x-request-id', requestId);
    res.locals.requestId = requestId;
    const started = process.hrtime.bigint();
    // The request's span while tracing is on (platform/telemetry/http.ts); its trace id goes on the request's line.
    const traceId = traceRequest(req.method, req.path, requestId, res);
    res.on('finish', () => {
      log.info(
        {
          requestId,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          trace_id: traceId,
        },
        'request',
      );
    });
    next();
  });
  if (metrics) app.use(countRequests(metrics));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Approval tokens' public keys, for any service verifying a grant offline.
  app.get('/.well-known/jwks.json', jwksHandler(runtime.signer));
  app.get('/readyz', async (_req, res) => {
    try {
      // Bounded: a database that stops answering (no error, no reset) must read as not ready.
      await withTimeout(db.pool.query('/* readiness */ SELECT 1'), READINESS_TIMEOUT_MS, 'database readiness probe timed out');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database unavailable' });
    }
  });
  // Prometheus text, off unless configured (docs/metrics.md); off, it answers 404 like any absent path.
  app.get('/metrics', metricsRoute(config.metrics ?? METRICS_OFF, metrics, answerNotFound));
  // The decision log as JSONL for its owner, and the audit keys its heads verify with (docs/audit.md).
  app.get('/audit/export', auditExportHandler(db, log));
  app.get('/.well-known/audit-keys.json', auditKeysHandler(db));
  const documents = new DocumentFactsCache(schema);
  const buildContext = contextBuilder({ db, bus, log, runtime, concurrency });
  // The MCP server over Streamable HTTP, for agents on MCP hosts (see mcp-route.ts); its tools' GraphQL runs in
  // this process, through the same edge as /graphql's (graphql-edge.ts).
  app.use('/mcp', mcpRoute({ db, bus, log, apollo, documents, buildContext, maxWaitsPerAgent: config.mcpMaxWaitsPerAgent }));
  app.use(
    '/graphql',
    requireJsonBody,
    express.json({ limit: LIMITS.maxBodyBytes }),
    bodyErrors,
    rejectDeepJson,
    rejectNul,
    refuseOverLimits(documents),
    holdingSlot(
      expressMiddleware(apollo, {
        // The slot is given back by holdingSlot, once the answer is written (graphql-edge.ts).
        context: ({ req, res }): Promise<Context> =>
          buildContext(
            {
              method: req.method,
              header: (name) => req.get(name),
              body: req.body,
              requestId: String(res.locals.requestId),
              clientAddress: req.ip,
              cookies: sessionCookieWriter(req, res, config.publicUrl),
              documentFacts: res.locals.documentFacts as DocumentFacts | undefined,
            },
            res.locals.slot as Slot,
          ),
      }),
    ),
  );
  if (config.consoleDir) serveConsole(app, config.consoleDir);
  app.use(answerNotFound, createErrorHandler(log));

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    inProcessGraphQL: (origin) => inProcessFetch({ apollo, documents, buildContext }, origin),
    close: async () => {
      // Requests first (a decision may still wake the worker), then the deliveries in flight.
      await apollo.stop();
      await runtime.stop();
    },
  };
}

const READINESS_TIMEOUT_MS = 2_000;

/** `work`, or a rejection after `ms` (the work itself is left to finish or fail on its own). */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs Apollo's handler and gives the request's slot back once it has
 * finished: Apollo's handler resolves after execution, every plugin's
 * response hook (the idempotent commit) and the write of the answer.
 */
function holdingSlot(handler: express.RequestHandler): express.RequestHandler {
  // Inside the operation's span while tracing is on (platform/telemetry/http.ts); the handler itself otherwise.
  return tracedGraphql(async (req, res, next) => {
    const slot: Slot = { release: undefined };
    res.locals.slot = slot;
    try {
      await handler(req, res, next);
    } finally {
      slot.release?.();
    }
  });
}
