import type { GraphQLSchema } from 'graphql';
import { specifiedRules, validate } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate, type Authentication } from '../auth/authenticate.js';
import { poolScope } from '../db/sql.js';
import type { Database } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { Context } from '../graphql/context.js';
import { LIMITS, operationLimitsRule } from '../graphql/limits.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { graphQLError, isErrorCode } from '../graphql/errors.js';
import type { Principal } from '../auth/principal.js';
import { containsNul, NUL_MESSAGE } from '../graphql/limits.js';
import type { Logger } from '../logger.js';

type SocketExtra = { socket: WebSocket; request: import('node:http').IncomingMessage; auth?: Authentication };

export interface WebSocketDeps { httpServer: Server; schema: GraphQLSchema; db: Database; bus: EventBus; log: Logger }

/**
 * graphql-ws on `/graphql`. The caller is authenticated once per connection
 * (agent key in `connectionParams.authorization`, or the console's cookie)
 * and again for every new subscription, so a revoked key or ended session
 * cannot open anything new; a revoked agent's open sockets are closed at once.
 */
export function attachWebSocketServer({ httpServer, schema, db, bus, log }: WebSocketDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: LIMITS.maxBodyBytes });
  const rules = [...specifiedRules, operationLimitsRule];
  const formatError = createErrorFormatter(log);
  /** Whom each authenticated socket speaks for, to close it when those credentials die. */
  const principalOfSocket = new WeakMap<WebSocket, Principal>();

  const authenticateSocket = async (extra: SocketExtra, params: Record<string, unknown> | undefined): Promise<Authentication | undefined> => {
    const authorization = typeof params?.authorization === 'string' ? params.authorization : undefined;
    const cookie = authorization === undefined ? extra.request.headers.cookie : undefined;
    // A cookie rides along with any page's WebSocket: only our own origin may use it.
    if (cookie && !isSameOrigin(extra.request)) return undefined;
    try {
      return await authenticate(db.pool, { authorization, cookie });
    } catch {
      return undefined;
    }
  };

  const cleanup = useServer<Record<string, unknown> | undefined, SocketExtra>({
    schema,
    validate: (s, document) => validate(s, document, rules),
    onConnect: async (ctx) => {
      const auth = await authenticateSocket(ctx.extra, ctx.connectionParams);
      if (!auth) return false;
      ctx.extra.auth = auth;
      if (auth.principal) principalOfSocket.set(ctx.extra.socket, auth.principal);
      return true;
    },
    onSubscribe: async (ctx, _id, payload) => {
      if (containsNul(payload.variables)) return [graphQLError('BAD_INPUT', NUL_MESSAGE)];
      const auth = await authenticateSocket(ctx.extra, ctx.connectionParams);
      if (!auth) {
        ctx.extra.socket.close(CloseCode.Forbidden, 'Forbidden');
        return [];
      }
      ctx.extra.auth = auth;
      return undefined;
    },
    // The same edge as HTTP: our codes pass, a client's mistake is BAD_INPUT,
    // anything else is masked (and logged).
    onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) } : undefined),
    // Errors before execution (parse, validation, limits) are always the client's.
    onError: (_ctx, _id, _payload, errors) => errors.map((error) => ({
      message: error.message, locations: error.locations, extensions: { code: isErrorCode(error.extensions.code) ? error.extensions.code : 'BAD_INPUT' },
    })),
    context: (ctx): Context => {
      const requestId = randomUUID();
      return { db, bus, log: log.child({ requestId }), requestId, principal: ctx.extra.auth?.principal, staleSession: ctx.extra.auth?.staleSession ?? false, cookies: undefined, scope: poolScope(db.pool), cache: undefined };
    },
  }, wss);

  // A revoked agent, a rotated key or an ended session stops streaming at once.
  const deaths = [
    bus.subscribe('AGENT_CHANGED', (event) => event.payload.kind !== 'CREATED'),
    bus.subscribe('SESSION_ENDED', () => true),
  ] as const;
  const closeWhere = (dead: (principal: Principal) => boolean, reason: string) => {
    for (const client of wss.clients) {
      const principal = principalOfSocket.get(client);
      if (principal && dead(principal)) client.close(CloseCode.Forbidden, reason);
    }
  };
  void (async () => {
    for await (const event of deaths[0]) {
      closeWhere((p) => p.kind === 'agent' && p.agentId === event.payload.agentId, event.payload.kind === 'REVOKED' ? 'Agent revoked' : 'Agent key rotated');
    }
  })();
  void (async () => {
    for await (const event of deaths[1]) closeWhere((p) => p.kind === 'owner' && p.sessionId === event.payload.sessionId, 'Signed out');
  })();

  return {
    close: async () => {
      await Promise.all(deaths.map((iterator) => iterator.return?.()));
      await cleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function isSameOrigin(request: import('node:http').IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: cookies are not ambient there
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
