import type { DocumentNode, ExecutionArgs, GraphQLSchema } from 'graphql';
import { getOperationAST, NoSchemaIntrospectionCustomRule, OperationTypeNode, parse, specifiedRules, validate, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import type { IncomingMessage, Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate, type Authentication, type Credentials } from '../../auth/authenticate.js';
import { poolScope } from '../../../platform/db/sql.js';
import type { Database } from '../../../platform/db/database.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { Context } from '../../../platform/lib/context.js';
import type { Runtime } from '../../../platform/lib/runtime.js';
import { withRequestLoaders } from '../../graphql/loaders.js';
import { createErrorFormatter } from '../../graphql/format-error.js';
import { graphQLError, isErrorCode } from '../../../platform/lib/errors.js';
import type { PrincipalConcurrency } from '../principal-concurrency.js';
import type { Principal } from '../../../platform/lib/principal.js';
import { containsIllFormed, containsNul, ILL_FORMED_MESSAGE, LIMITS, NUL_MESSAGE } from '../../graphql/limits.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../guards.js';
import { isDatabaseUnavailable } from '../../../platform/db/unavailable.js';
import type { Logger } from '../../../platform/logger.js';
import type { ConnectionLimits } from '../../../platform/config/connection-limits.js';
import { limitErrors } from '../limits-first.js';
import { TextCache } from '../text-cache.js';
import { concurrencyLimit } from '../../../platform/lib/concurrency-limit.js';
import { SocketCloseCode, SocketRegistry, TOO_FAR_BEHIND } from './socket-registry.js';
import { documentTexts, isAsyncIterable, onlyWhile, subscribeThroughGate } from './subscription-events.js';
import { serveGraphQLWs } from './graphql-ws-server.js';
import type { BacklogPolicy } from './socket-backlog.js';
import { sharedPayload } from './shared-payload.js';

type SocketExtra = { socket: WebSocket; request: IncomingMessage; auth?: Authentication };

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
 * aliases and fields, introspection off in production). The caller is
 * authenticated once per connection (agent key in
 * `connectionParams.authorization`, or the console's cookie) and again for
 * every new subscription, so a revoked key or ended session cannot open
 * anything new; an anonymous socket is refused. Open sockets are held to
 * their principal by the `SocketRegistry`: closed at once when a death is
 * announced, re-checked on a timer, at a session's expiry and after the
 * event bus reconnects, and no event goes out on a socket not known alive.
 */
export function attachWebSocketServer({ httpServer, schema, db, bus, log, limits, production, concurrency, runtime }: WebSocketDeps): {
  close(): Promise<void>;
  /** Open WebSocket connections now (the metrics' gauge). */
  connections(): number;
  /** Live GraphQL subscriptions on them now (the metrics' gauge). */
  subscriptions(): number;
} {
  const wss = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: LIMITS.maxBodyBytes });
  // The limits rule has run alone first (limitErrors); these are graphql's own.
  const rules = [...specifiedRules, ...(production ? [NoSchemaIntrospectionCustomRule] : [])];
  const formatError = createErrorFormatter(log);
  const checkedDocuments = new TextCache<{ document: DocumentNode } | { errors: readonly GraphQLError[] }>();
  const checkDocument = (text: string): { document: DocumentNode } | { errors: readonly GraphQLError[] } => {
    let document;
    try {
      document = parse(text, { maxTokens: LIMITS.maxTokens });
    } catch (error) {
      return { errors: [error instanceof GraphQLError ? error : graphQLError('BAD_INPUT', 'The operation could not be parsed.')] };
    }
    // The cheap limits first and alone, as over HTTP (see limits-first.ts).
    const overLimits = limitErrors(schema, document);
    if (overLimits.length > 0) return { errors: overLimits.map(detached) };
    const errors = validate(schema, document, rules);
    return errors.length > 0 ? { errors: errors.map(detached) } : { document };
  };
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

  /** Slots of the per-principal bounds (in-flight operations, live subscriptions) held by running operations, by socket and operation id. */
  const slots = new WeakMap<WebSocket, Map<string, () => void>>();
  const holdSlot = (socket: WebSocket, id: string, release: () => void) => {
    let held = slots.get(socket);
    if (!held) {
      slots.set(socket, (held = new Map<string, () => void>()));
      // A socket that closes mid-operation gives its slots back.
      socket.once('close', () => {
        for (const give of held!.values()) give();
        held!.clear();
      });
    }
    held.set(id, release);
  };
  /** Subscriptions holding a slot now: the slot is given back exactly when the subscription ends. */
  let liveSubscriptions = 0;
  const releaseSlot = (socket: WebSocket, id: string) => {
    const held = slots.get(socket);
    held?.get(id)?.();
    held?.delete(id);
  };

  const credentialsOf = (extra: SocketExtra, params: Record<string, unknown> | undefined): Credentials | undefined => {
    const authorization = typeof params?.authorization === 'string' ? params.authorization : undefined;
    const cookie = authorization === undefined ? extra.request.headers.cookie : undefined;
    // A cookie rides along with any page's WebSocket: only our own origin may use it.
    if (cookie && !isSameOrigin(extra.request)) return undefined;
    return { authorization, cookie };
  };
  /**
   * The socket's principal, or undefined when its credentials are not valid.
   * A database that cannot answer is not a verdict on the credentials: the
   * socket is closed with 1013 (try again later), which clients retry, rather
   * than 4403, which tells them the key or session is dead.
   */
  const authenticateSocket = async (credentials: Credentials | undefined, socket: WebSocket): Promise<Authentication | undefined> => {
    if (!credentials) return undefined;
    try {
      return await authenticate(db.pool, credentials);
    } catch (error) {
      if (isDatabaseUnavailable(error)) socket.close(SocketCloseCode.TryAgainLater, 'Database unavailable: reconnect shortly');
      else log.error({ err: (error as Error).message }, 'authenticating a socket failed');
      return undefined;
    }
  };

  const server = serveGraphQLWs<Record<string, unknown> | undefined, SocketExtra>(
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
      onSubscribe: async (ctx, id, payload): Promise<ExecutionArgs | readonly GraphQLError[] | void> => {
        // graphql-ws has already counted this one.
        if (Object.keys(ctx.subscriptions).length > limits.wsMaxSubscriptionsPerSocket) {
          return [graphQLError('RATE_LIMITED', `At most ${limits.wsMaxSubscriptionsPerSocket} operations may run at once on one socket.`)];
        }
        // The same edge as HTTP's guards: nothing walks variables nested past the bound.
        if (jsonDepthExceeds(payload.variables, MAX_JSON_DEPTH))
          return [graphQLError('BAD_INPUT', `The variables nest JSON more than ${MAX_JSON_DEPTH} levels deep.`)];
        if (containsNul(payload.variables)) return [graphQLError('BAD_INPUT', NUL_MESSAGE)];
        if (containsIllFormed(payload.variables)) return [graphQLError('BAD_INPUT', ILL_FORMED_MESSAGE)];
        const auth = await authenticateSocket(credentialsOf(ctx.extra, ctx.connectionParams), ctx.extra.socket);
        if (!auth?.principal) {
          if (ctx.extra.socket.readyState === ctx.extra.socket.OPEN) ctx.extra.socket.close(CloseCode.Forbidden, 'Forbidden');
          return [];
        }
        ctx.extra.auth = auth;
        // Parsed and validated once per text: after a restart every console resubscribes at once, with the same few documents.
        const checked = checkedDocuments.get(payload.query, checkDocument);
        if ('errors' in checked) return checked.errors;
        const document = checked.document;
        // Subscriptions with the same text, variables and visibility share each event's execution (see groupOf).
        documentTexts.set(document, payload.query);
        // A query or mutation holds database connections while it runs, as over HTTP; a
        // subscription waiting for events holds none, and the per-socket cap bounds those.
        if (getOperationAST(document, payload.operationName)?.operation !== OperationTypeNode.SUBSCRIPTION) {
          const release = concurrency.tryAcquire(auth.principal);
          if (!release) return [concurrency.refusal(auth.principal)];
          holdSlot(ctx.extra.socket, id, release);
        } else {
          // The per-socket cap times the per-principal socket cap is 2,000: this bounds one principal's share of every event's work.
          const release = registry.claimSubscription(auth.principal);
          if (!release)
            return [graphQLError('RATE_LIMITED', `At most ${limits.wsMaxSubscriptionsPerPrincipal} subscriptions may be live at once for one agent or owner.`)];
          liveSubscriptions += 1;
          let released = false;
          holdSlot(ctx.extra.socket, id, () => {
            if (!released) liveSubscriptions -= 1;
            released = true;
            release();
          });
        }
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      subscribe: (args) => subscribeThroughGate(args, eventGate),
      onComplete: (ctx, id) => releaseSlot(ctx.extra.socket, id),
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
      onNext: (_ctx, _id, _payload, _args, result) => sharedPayload(result, formatError),
      // Errors before execution (parse, validation, limits) are always the client's.
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((error) => ({
          message: error.message,
          locations: error.locations,
          extensions: { code: isErrorCode(error.extensions.code) ? error.extensions.code : 'BAD_INPUT' },
        })),
      context: (ctx): Context => {
        const requestId = randomUUID();
        return withRequestLoaders(
          {
            db,
            bus,
            log: log.child({ requestId }),
            requestId,
            principal: ctx.extra.auth?.principal,
            staleSession: ctx.extra.auth?.staleSession ?? false,
            cookies: undefined,
            scope: poolScope(db.pool),
            runtime,
          },
          // This context outlives many events: its loaders batch but keep nothing (each event gets its own).
          { cache: false },
        );
      },
    },
    wss,
    { log, production, backlog: SOCKET_BACKLOG, tooFarBehind: { code: SocketCloseCode.TryAgainLater, reason: TOO_FAR_BEHIND } },
  );

  // A revoked agent, a rotated key, an ended session or a revoked owner token stops streaming at once.
  const deaths = [
    // Read as fast as they arrive (no database work), and never to be dropped.
    bus.subscribe('AGENT_CHANGED', (event) => event.payload.kind !== 'CREATED', { maxQueued: Infinity }),
    bus.subscribe('SESSION_ENDED', () => true, { maxQueued: Infinity }),
    bus.subscribe('OWNER_TOKEN_REVOKED', () => true, { maxQueued: Infinity }),
  ] as const;
  void (async () => {
    for await (const event of deaths[0]) {
      registry.closeWhere(
        (p: Principal) => p.kind === 'agent' && p.agentId === event.payload.agentId,
        event.payload.kind === 'REVOKED' ? 'Agent revoked' : 'Agent key rotated',
      );
    }
  })();
  void (async () => {
    for await (const event of deaths[1]) registry.closeWhere((p: Principal) => p.kind === 'owner' && p.sessionId === event.payload.sessionId, 'Signed out');
  })();
  void (async () => {
    for await (const event of deaths[2])
      registry.closeWhere((p: Principal) => p.kind === 'owner' && p.token?.id === event.payload.tokenId, 'Owner token revoked');
  })();

  return {
    connections: () => wss.clients.size,
    subscriptions: () => liveSubscriptions,
    close: async () => {
      registry.dispose();
      for (const iterator of deaths) await iterator.return?.();
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: cookies are not ambient there
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The error without the syntax nodes it points at (which hold the whole
 * parsed document): what the client is sent (message, locations, code) is
 * kept, so a cached refusal costs its text, not its document.
 */
function detached(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: error.extensions });
}
