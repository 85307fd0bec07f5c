import type { Database } from '../db/database.js';
import type { WriteScope } from '../db/sql.js';
import type { EventBus } from '../events/bus.js';
import type { Logger } from '../logger.js';
import type { AgentPrincipal, OwnerPrincipal, Principal } from '../auth/principal.js';
import { graphQLError } from './errors.js';

/** Sets and clears the session cookie on the HTTP response; absent on WebSocket. */
export interface SessionCookieWriter {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/** What every resolver receives. */
export interface Context {
  db: Database;
  bus: EventBus;
  log: Logger;
  requestId: string;
  principal: Principal | undefined;
  /** Where this request's writes go (its own transaction when it carries an idempotency key). */
  scope: WriteScope;
  staleSession: boolean;
  cookies: SessionCookieWriter | undefined;
  /**
   * The caller's IP address over HTTP (the one a trusted proxy forwarded, see
   * http/trusted-proxies.ts); absent on WebSocket, where signing in is refused.
   */
  clientAddress?: string | undefined;
  /**
   * Rows already read by this request (see `remember`). HTTP requests have
   * one. A WebSocket subscription's context outlives many events and each
   * must read rows as they are then: each event gets its own, shared by the
   * subscriptions of one principal that it reaches (http/websocket.ts);
   * outside an event (a subscription's setup) there is none.
   */
  cache: Map<string, Promise<unknown>> | undefined;
}

/**
 * Reads a row once per request: a list of fifty sign-offs by one agent asks
 * for that agent once, not fifty times. Per request only, so nothing stale
 * outlives it and no instance holds state another lacks.
 */
export function remember<T>(ctx: Context, key: string, load: () => Promise<T>): Promise<T> {
  if (!ctx.cache) return load();
  let value = ctx.cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    ctx.cache.set(key, value);
  }
  return value;
}

/** The caller, who must be signed in (owner or agent). */
export function requirePrincipal(ctx: Context): Principal {
  if (ctx.principal) return ctx.principal;
  throw graphQLError(
    'UNAUTHENTICATED',
    ctx.staleSession ? 'Your session has expired or is not valid; sign in again.' : 'Sign in, or send an agent key as "Authorization: Bearer <key>".',
  );
}

/** The caller, who must be an owner signed in to the console. */
export function requireOwner(ctx: Context): OwnerPrincipal {
  const principal = requirePrincipal(ctx);
  if (principal.kind !== 'owner') throw graphQLError('FORBIDDEN', 'Only an owner may do this, not an agent.');
  return principal;
}

/** The caller, who must be an agent. */
export function requireAgent(ctx: Context): AgentPrincipal {
  const principal = requirePrincipal(ctx);
  if (principal.kind !== 'agent') throw graphQLError('FORBIDDEN', 'Only an agent may do this.');
  return principal;
}
