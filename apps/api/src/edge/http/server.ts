import express from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import { buildSchema } from '../graphql/schema.js';
import type { Logger } from '../../platform/logger.js';
import { DocumentFactsCache } from './document-facts.js';
import { answerNotFound, createErrorHandler } from './error-handler.js';
import { OUTBOX_CHANNELS, readOutboxBacklog } from '../../delivery/outbox/store.js';
import { STORED_STATES } from '../../domains/signoffs/store.js';
import { PrincipalConcurrency } from './principal-concurrency.js';
import { securityHeaders } from './security-headers.js';
import { attachWebSocketServer } from './ws/websocket.js';
import type { ApprovalSigner } from '../../domains/signoffs/grants/signer.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { applyConnectionLimits } from './connection-limits.js';
import type { Config } from '../../platform/config/config.js';
import { mcpRoute } from './mcp-route.js';
import { mountOAuth } from './oauth-routes.js';
import { contextBuilder, inProcessFetch, type InProcessOrigin } from './graphql-edge.js';
import { serveConsole } from './console-files.js';
import { createServerMetrics, type ServerMetrics, type ServerMetricsSources } from '../../platform/metrics/server-metrics.js';
import { readBuildInfo } from '../../platform/metrics/build-info.js';
import { countRequests } from '../../platform/metrics/http.js';
import { createApolloServer } from './apollo-server.js';
import { logRequests } from './request-log.js';
import { mountPlainRoutes } from './plain-routes.js';
import { graphqlRoute } from './graphql-route.js';
import { graphqlPost } from './graphql-post.js';
import { drawFastPath } from './draw-fast-path.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { closeConnectionsWhileDraining, createDrain } from './drain.js';

/** What the server reads of the configuration (config.ts reads it from the environment). */
export type ServerConfig = Pick<
  Config,
  | 'port'
  | 'host'
  | 'production'
  | 'consoleDir'
  | 'idempotencyLeaseMs'
  | 'connections'
  | 'trustedProxies'
  | 'maxConcurrentPerPrincipal'
  | 'mcpMaxWaitsPerAgent'
  | 'metrics'
  | 'shutdown'
>;

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
  /**
   * Serves on for `ms` while telling load balancers it is leaving (drain.ts): `/readyz` answers 503 `draining`,
   * every answer `Connection: close`. `close()` comes after.
   */
  drain(ms: number): Promise<void>;
  /**
   * Stops accepting, closes WebSockets (1001) and idle connections, gives requests in flight
   * COUNTERSIGN_SHUTDOWN_GRACE_MS before cutting their connections. Leaves the database to its owner.
   */
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
  const drain = createDrain();
  // POST /graphql's plain requests are served without Express (graphql-post.ts), once Apollo has started.
  const served: { graphqlPost?: (req: IncomingMessage, res: ServerResponse) => boolean } = {};
  const httpServer: Server = createServer((req, res) => {
    if (!served.graphqlPost?.(req, res)) app(req, res);
  });
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
  const metrics = config.metrics?.enabled ? metricsOf(db, bus, websocket, config.metrics.buildCommit) : undefined;
  const apollo = createApolloServer({
    schema,
    production: config.production,
    idempotencyLeaseMs: config.idempotencyLeaseMs,
    log,
    httpServer,
    websocket,
    metrics,
    stopGraceMs: config.shutdown.graceMs,
  });
  await apollo.start();

  app.disable('x-powered-by');
  app.use(closeConnectionsWhileDraining(drain));
  app.use(securityHeaders());
  // Which peers may name the client in X-Forwarded-For (see trusted-proxies.ts); req.ip honours it.
  app.set('trust proxy', config.trustedProxies);
  app.use(logRequests(log));
  if (metrics) app.use(countRequests(metrics));
  mountPlainRoutes(app, { db, log, signer: runtime.signer, settings: config.metrics, metrics, drain });
  const documents = new DocumentFactsCache(schema);
  const buildContext = contextBuilder({ db, bus, log, runtime, concurrency });
  // The MCP server over Streamable HTTP, for agents on MCP hosts (see mcp-route.ts); its tools' GraphQL runs in
  // this process, through the same edge as /graphql's (graphql-edge.ts).
  app.use('/mcp', mcpRoute({ db, bus, log, apollo, documents, buildContext, maxWaitsPerAgent: config.mcpMaxWaitsPerAgent, publicUrl: config.publicUrl }));
  // The authorization server MCP hosts sign in through (docs/oauth.md): its endpoints, metadata and the owner's consent.
  mountOAuth(app, { db, log, runtime, publicUrl: config.publicUrl });
  app.use('/graphql', ...graphqlRoute({ apollo, documents, buildContext, publicUrl: config.publicUrl }));
  served.graphqlPost = graphqlPost({
    apollo,
    documents,
    buildContext,
    publicUrl: config.publicUrl,
    log,
    metrics,
    drain,
    trust: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    draw: drawFastPath({ schema, formatError: createErrorFormatter(log), metrics }),
  });
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
    drain: (ms) => drain.run(ms),
    close: async () => {
      // Requests first (a decision may still wake the worker), then the deliveries in flight.
      await apollo.stop();
      await runtime.stop();
    },
  };
}

/**
 * This server's own registry (platform/metrics/server-metrics.ts), made only
 * while /metrics is on, so nothing is counted otherwise (nor git asked for
 * the commit); the bus reports each event's wait to it.
 */
function metricsOf(db: Database, bus: EventBus, webSocket: ServerMetricsSources['webSocket'], buildCommit: string | undefined): ServerMetrics {
  const metrics = createServerMetrics({
    build: readBuildInfo(buildCommit),
    pools: { main: db.pool, write: db.writePool },
    bus,
    webSocket,
    databaseGauges: { channels: OUTBOX_CHANNELS, states: STORED_STATES, readBacklog: () => readOutboxBacklog(db.pool) },
  });
  bus.onDelivered = (waitedMs) => metrics.busDelivered(waitedMs / 1000);
  return metrics;
}
