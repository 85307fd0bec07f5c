import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import type { Context } from '../../platform/lib/context.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerMetrics } from '../../platform/metrics/server-metrics.js';
import { metricsPlugin } from '../../platform/metrics/graphql-plugin.js';
import { graphqlSpanPlugins } from '../../platform/telemetry/graphql-plugin.js';
import { receiptPageArgumentsPlugin } from '../../domains/authorities/page-arguments.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { LIMITS } from '../graphql/limits.js';
import { retryStatusPlugin } from '../graphql/retry-status.js';
import { idempotencyPlugin } from '../idempotency/plugin.js';
import { refuseHttpSubscriptionsPlugin } from './refuse-http-subscriptions.js';

export interface ApolloDeps {
  schema: GraphQLSchema;
  production: boolean;
  idempotencyLeaseMs: number;
  log: Logger;
  /** Drained on stop, with the WebSocket server after it. */
  httpServer: Server;
  websocket: { close(): Promise<void> };
  /** This server's metrics, or undefined while /metrics is off. */
  metrics: ServerMetrics | undefined;
  /** How long requests in flight at the stop may take before their connections are cut (COUNTERSIGN_SHUTDOWN_GRACE_MS). */
  stopGraceMs: number;
}

/**
 * The Apollo server `/graphql` and `/mcp`'s tools run on: Apollo's own
 * switches set for an edge facing anyone, and the plugins in the order
 * they must see an operation (idempotency before the metrics that read
 * its replay header).
 */
export function createApolloServer({
  schema,
  production,
  idempotencyLeaseMs,
  log,
  httpServer,
  websocket,
  metrics,
  stopGraceMs,
}: ApolloDeps): ApolloServer<Context> {
  return new ApolloServer<Context>({
    schema,
    introspection: !production,
    csrfPrevention: true,
    // Automatic persisted queries would let anyone fill the server's memory with registered documents; no client uses them.
    persistedQueries: false,
    // main.ts owns SIGTERM/SIGINT: the database must stop after the server drains.
    stopOnTerminationSignals: false,
    // The limits rule runs before Apollo, alone, on every document it will see (refuseOverLimits in graphql-route.ts).
    parseOptions: { maxTokens: LIMITS.maxTokens },
    formatError: createErrorFormatter(log),
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: stopGraceMs }),
      { serverWillStart: async () => ({ drainServer: () => websocket.close() }) },
      refuseHttpSubscriptionsPlugin(),
      receiptPageArgumentsPlugin(),
      idempotencyPlugin({ leaseMs: idempotencyLeaseMs }),
      retryStatusPlugin(),
      // Last: it reads the answer the plugins above made (an idempotent replay's header).
      ...(metrics ? [metricsPlugin<Context>(metrics, schema)] : []),
      // Names the operation's span and records its result, while tracing is on (platform/telemetry/graphql-plugin.ts).
      ...graphqlSpanPlugins(),
    ],
    logger: { debug: () => undefined, info: () => undefined, warn: (m) => log.warn(String(m)), error: (m) => log.error(String(m)) },
  });
}
