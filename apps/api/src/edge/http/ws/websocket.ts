import { execute, getOperationAST, OperationTypeNode, type ExecutionArgs, type GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebSocketServer } from 'ws';
import type { Authentication } from '../../auth/authenticate.js';
import { poolScope } from '../../../platform/db/sql.js';
import type { Database } from '../../../platform/db/database.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { Context } from '../../../platform/lib/context.js';
import type { Runtime } from '../../../platform/lib/runtime.js';
import { withRequestLoaders } from '../../graphql/loaders.js';
import { createErrorFormatter } from '../../graphql/format-error.js';
import { isErrorCode } from '../../../platform/lib/errors.js';
import type { PrincipalConcurrency } from '../principal-concurrency.js';
import { LIMITS } from '../../graphql/limits.js';
import type { Logger } from '../../../platform/logger.js';
import type { ConnectionLimits } from '../../../platform/config/connection-limits.js';
import { concurrencyLimit } from '../../../platform/lib/concurrency-limit.js';
import { SocketCloseCode, SocketRegistry, TOO_FAR_BEHIND } from './socket-registry.js';
import { isAsyncIterable, onlyWhile, subscribeThroughGate } from './subscription-events.js';
import { serveGraphQLWs } from './graphql-ws-server.js';
import type { BacklogPolicy } from './socket-backlog.js';
import { sharedPayload } from './shared-payload.js';
import { documentChecker } from './document-check.js';
import { OperationSlots } from './operation-slots.js';
import { credentialsOf, socketAuthenticator, type AuthenticatedSocketExtra } from './socket-auth.js';
import { subscribeAdmission } from './subscribe-admission.js';
import { closeOnPrincipalDeaths } from './principal-deaths.js';
import { tracedSocketOperation } from './socket-tracing.js';
import { inRequestScope, outsideScope } from '../../../platform/log-scope.js';

/**
 * Bytes a socket may have waiting in this process, unsent, for longer than
 * `SOCKET_BACKLOG.sustainedMs` before it counts as too far behind and is
 * closed with 1013 (TOO_FAR_BEHIND). graphql-ws waits for each frame of a
 * subscription to be written before sending its next, so a client that
 * stops reading holds at most one frame per subscription here once the
 * kernel's buffers are full; with 100 subscriptions of large frames that is
 * still megabytes. A client that reads keeps this near zero: the kernel
 * absorbs bursts first.
 */
export const MAX_BUFFERED_BYTES_PER_SOCKET = 1024 * 1024;

/**
 * The backlog rule (see `BacklogPolicy`): over MAX_BUFFERED_BYTES_PER_SOCKET
 * for 3 s, or over 8 times that at all. A console with many subscriptions
 * can take a burst of events past the bound and drain it well within 3 s
 * (1 MiB is under a second at 10 Mbit/s); a client that stopped reading is
 * closed 3 s after it went over, and holds at most 8 MiB meanwhile.
 */
export const SOCKET_BACKLOG: BacklogPolicy = {
  boundBytes: MAX_BUFFERED_BYTES_PER_SOCKET,
  ceilingBytes: 8 * MAX_BUFFERED_BYTES_PER_SOCKET,
  sustainedMs: 3000,
};

export interface WebSocketDeps {
  httpServer: Server;
  schema: GraphQLSchema;
  db: Database;
  bus: EventBus;
  log: Logger;
  limits: ConnectionLimits;
  /** Production refuses introspection here as Apollo does over HTTP. */
  production: boolean;
  /** The per-principal in-flight bound HTTP requests share: queries and mutations here take a slot too. */
  concurrency: PrincipalConcurrency;
  runtime: Runtime;
}

/**
 * graphql-ws on `/graphql`, under the rules HTTP has (token limit, depth,
 * aliases and fields, introspection off in production: document-check.ts).
 * The caller is authenticated once per connection (agent key in
 * `connectionParams.authorization`, or the console's cookie: socket-auth.ts)
 * and again for every new subscription (subscribe-admission.ts), so a
 * revoked key or ended session cannot open anything new; an anonymous
 * socket is refused. Open sockets are held to their principal by the
 * `SocketRegistry`: closed at once when a death is announced
 * (principal-deaths.ts), re-checked on a timer, at a session's expiry and
 * after the event bus reconnects, and no event goes out on a socket not
 * known alive.
 */
export function attachWebSocketServer({ httpServer, schema, db, bus, log, limits, production, concurrency, runtime }: WebSocketDeps): {
  close(): Promise<void>;
  /** Open WebSocket connections now (the metrics' gauge). */
  connections(): number;
  /** Live GraphQL subscriptions on them now (the metrics' gauge). */
  subscriptions(): number;
  /** Operations running on them now, subscriptions included (the metrics' in-flight gauge). */
  operations(): number;
} {
  const wss = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: LIMITS.maxBodyBytes });
  const formatError = createErrorFormatter(log);
  const checkDocument = documentChecker(schema, production);
  const registry = new SocketRegistry({
    db: db.pool,
    bus,
    log,
    maxSocketsPerPrincipal: limits.wsMaxSocketsPerPrincipal,
    maxSubscriptionsPerPrincipal: limits.wsMaxSubscriptionsPerPrincipal,
    revalidateMs: limits.wsRevalidateMs,
  });
  // Event resolutions of every subscription on the instance go through one limit, so a
  // burst of events queues in memory rather than taking the pool from requests.
  const eventGate = concurrencyLimit(limits.wsEventConcurrency);
  const slots = new OperationSlots();
  const authenticateSocket = socketAuthenticator(db.pool, log);

  const server = serveGraphQLWs<Record<string, unknown> | undefined, AuthenticatedSocketExtra>(
    {
      schema,
      connectionInitWaitTimeout: limits.wsConnectionInitTimeoutMs,
      onConnect: async (ctx) => {
        const credentials = credentialsOf(ctx.extra, ctx.connectionParams);
        const epoch = bus.epoch;
        const auth = await authenticateSocket(credentials, ctx.extra.socket);
        // Every subscription needs a principal: an anonymous socket would only be held open.
        if (!auth?.principal || !credentials) return false;
        if (!registry.admit(ctx.extra.socket, { ...auth, principal: auth.principal }, credentials, epoch)) return false;
        ctx.extra.auth = auth;
        return true;
      },
      onSubscribe: subscribeAdmission({ schema, limits, concurrency, registry, slots, checkDocument, authenticateSocket }),
      // Each operation a span of its own while tracing is on (socket-tracing.ts).
      execute: inOperationScope(tracedSocketOperation(execute)),
      subscribe: inOperationScope(tracedSocketOperation((args) => subscribeThroughGate(args, eventGate))),
      onComplete: (ctx, id) => slots.release(ctx.extra.socket, id),
      // Checked as each event goes out, not only when the socket opened: see SocketRegistry.
      // A subscription the bus dropped for falling behind has lost events: the client reconnects and re-reads.
      // A socket whose unsent frames stay piled up is behind for the same reason, and closed alike (SOCKET_BACKLOG);
      // its own subscriptions stop, and nobody else's waits for it (each subscription sends on its own).
      onOperation: (ctx, _id, _payload, _args, result) =>
        isAsyncIterable(result)
          ? onlyWhile(result, {
              allowed: () => registry.mayDeliver(ctx.extra.socket),
              fellBehind: () => server.closeTooFarBehind(ctx.extra.socket),
            })
          : undefined,
      // The same edge as HTTP: our codes pass, a client's mistake is BAD_INPUT,
      // anything else is masked (and logged). A group's members share the result
      // object, so it is formatted and serialised once for all of their frames.
      onNext: (_ctx, _id, _payload, args, result) => inResultScope(args, () => sharedPayload(result, formatError)),
      onError: (_ctx, _id, _payload, errors) => errors.map(asClientMistake),
      context: (ctx): Context => socketContext({ db, bus, log, runtime }, ctx.extra.auth),
    },
    wss,
    { log, production, backlog: SOCKET_BACKLOG, tooFarBehind: { code: SocketCloseCode.TryAgainLater, reason: TOO_FAR_BEHIND } },
  );
  const deaths = closeOnPrincipalDeaths(bus, registry);

  return {
    connections: () => wss.clients.size,
    subscriptions: () => slots.liveSubscriptions,
    operations: () => slots.runningOperations,
    close: async () => {
      registry.dispose();
      await deaths.stop();
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Errors before execution (parse, validation, limits) are always the client's: our codes pass, any other reads BAD_INPUT. */
function asClientMistake(error: GraphQLError): GraphQLFormattedError {
  return {
    message: error.message,
    locations: error.locations,
    extensions: { code: isErrorCode(error.extensions.code) ? error.extensions.code : 'BAD_INPUT' },
  };
}

/** An operation's context on a socket, as the caller was last authenticated. */
function socketContext({ db, bus, log, runtime }: Pick<WebSocketDeps, 'db' | 'bus' | 'log' | 'runtime'>, auth: Authentication | undefined): Context {
  const requestId = randomUUID();
  return withRequestLoaders(
    {
      db,
      bus,
      // Its lines take `requestId` from the operation's log scope (inOperationScope).
      log,
      requestId,
      principal: auth?.principal,
      staleSession: auth?.staleSession ?? false,
      cookies: undefined,
      scope: poolScope(db.pool),
      runtime,
    },
    // This context outlives many events: its loaders batch but keep nothing (each event gets its own).
    { cache: false },
  );
}

/** Runs one socket operation in its log scope: what its resolvers log carries its `requestId`. */
function inOperationScope<R>(run: (args: ExecutionArgs) => R): (args: ExecutionArgs) => R {
  return (args) => inRequestScope((args.contextValue as Context).requestId, () => run(args));
}

/**
 * Formats a query's or mutation's result in its operation's log scope (graphql-ws calls onNext from its own
 * loop, outside it), so the formatter's warning names the operation. A subscription event's result is
 * formatted once for every subscriber of its group: its lines name none of them.
 */
function inResultScope<R>(args: ExecutionArgs, format: () => R): R {
  if (getOperationAST(args.document, args.operationName)?.operation === OperationTypeNode.SUBSCRIPTION) return outsideScope(format);
  return inRequestScope((args.contextValue as Context).requestId, format);
}
