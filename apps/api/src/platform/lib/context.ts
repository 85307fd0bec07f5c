import type DataLoader from 'dataloader';
import type { Database } from '../db/database.js';
import type { WriteScope } from '../db/sql.js';
import type { EventBus } from '../events/bus.js';
import type { Agent, Owner, Repository, Tenant } from '../../generated/prisma/client.js';
import type { Logger } from '../logger.js';
import { ownerMay, type AgentPrincipal, type Drawer, type OwnerPrincipal, type OwnerScope, type Principal } from './principal.js';
import type { ServiceDeps } from './deps.js';
import type { Runtime } from './runtime.js';
import { graphQLError } from './errors.js';

/** Sets and clears the session cookie on the HTTP response; absent on WebSocket. */
export interface SessionCookieWriter {
  set(token: string, expiresAt: Date): void;
  clear(): void;
  /** The known-device cookie the request carried, unchecked (domains/owners/known-device.ts). */
  knownDevice: string | undefined;
  /** Sets the known-device cookie: after a successful sign-in only. */
  setKnownDevice(token: string, expiresAt: Date): void;
}

/** A row of a tenant's table, by its key. */
export interface RowKey {
  tenantId: string;
  id: string;
}

/**
 * Related rows, read in batches and at most once per request: a list of
 * fifty sign-offs by one agent asks for that agent once, and fifty
 * repositories' owners are read in one statement, not fifty. Each loader
 * reads through the request's `scope.reads`, so a request holding its own
 * transaction (and perhaps its locks) reads inside it rather than waiting on
 * the shared pool. Per request only, so nothing stale outlives it and no
 * instance holds state another lacks.
 */
export interface RequestLoaders {
  agent: DataLoader<RowKey, Agent | null, string>;
  owner: DataLoader<RowKey, Owner | null, string>;
  repository: DataLoader<RowKey, Repository | null, string>;
  tenant: DataLoader<string, Tenant | null>;
  /**
   * A whole answer computed once per request under `key` (a list aliased
   * twenty times is read once, on one connection, not twenty).
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** What every resolver receives; it is also the `ServiceDeps` every service takes (resolvers pass `ctx`). */
export interface Context extends ServiceDeps {
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
   * This request's loaders. A WebSocket subscription's context outlives many
   * events and each must read rows as they are then: each event gets its
   * own, shared by the subscriptions of one principal that it reaches
   * (edge/http/ws/websocket.ts); outside an event (a subscription's setup) they
   * batch but keep nothing.
   */
  loaders: RequestLoaders;
  /** The process's sealing key, approval signer and delivery worker (platform/lib/runtime.ts). */
  runtime: Runtime;
  /**
   * The hash of the agent key a draw-only request carries, not yet checked:
   * the draw checks it in its own database call, saving a round trip
   * (edge/http/server.ts; docs/standing-authorities.md, rule A6). `principal` is
   * then unset until the draw has found whose key it is.
   */
  uncheckedAgentKeyHash?: string;
}

/** What a caller whose session cookie names no live session (expired, ended, forged) is told, wherever a sign-in is needed. */
export const STALE_SESSION_MESSAGE = 'Your session has expired or is not valid; sign in again.';

/**
 * The caller, who must be signed in (owner or agent). `needed` is what an
 * owner's credential must allow for this field (docs/owner-tokens.md, rule
 * OT3): `'read'` for a read, `'admin'` for a write; it is required, so no
 * resolver can forget to say. An agent is judged by the service, not by it.
 */
export function requirePrincipal(ctx: Context, needed: OwnerScope): Principal {
  if (!ctx.principal) {
    throw graphQLError('UNAUTHENTICATED', ctx.staleSession ? STALE_SESSION_MESSAGE : 'Sign in, or send an agent key as "Authorization: Bearer <key>".');
  }
  if (ctx.principal.kind === 'owner') requireScope(ctx.principal, needed);
  return ctx.principal;
}

/**
 * The caller, who must be an owner (console session, owner token or CLI)
 * whose credential allows `needed`: `'read'` for reads, `'decide'` for
 * deciding sign-offs, `'admin'` for every other owner write. Required, so
 * every owner-only resolver states its scope (docs/owner-tokens.md, rule OT3).
 */
export function requireOwner(ctx: Context, needed: OwnerScope): OwnerPrincipal {
  const principal = requirePrincipal(ctx, needed);
  if (principal.kind !== 'owner') throw graphQLError('FORBIDDEN', 'Only an owner may do this, not an agent.');
  return principal;
}

/** Refuses, with FORBIDDEN naming the scope needed, an owner token whose scope falls short. */
export function requireScope(principal: OwnerPrincipal, needed: OwnerScope): void {
  if (ownerMay(principal, needed)) return;
  throw graphQLError(
    'FORBIDDEN',
    `This owner token has scope ${principal.token!.scope.toUpperCase()}; this needs scope ${needed.toUpperCase()}. Create a token with that scope in Settings.`,
  );
}

/**
 * Who draws: the agent the request authenticated, or the key of a draw-only
 * request, which the draw itself checks (rule A6, step 0).
 */
export function requireDrawer(ctx: Context): Drawer {
  if (!ctx.principal && ctx.uncheckedAgentKeyHash !== undefined) return { kind: 'unchecked-key', keyHash: ctx.uncheckedAgentKeyHash };
  return requireAgent(ctx);
}

/**
 * What an owner token sent where an agent key belongs is told: both go in
 * the same `Authorization: Bearer` header, and an agent configured with the
 * owner's token otherwise hears only "forbidden" and looks for a missing grant.
 */
export const OWNER_TOKEN_NOT_AGENT_KEY =
  "This request authenticated with an owner token (cso_…), not an agent key (csk_…): an owner token acts as its owner, never as an agent. Send the agent's key, shown once when the agent was created.";

/** The caller, who must be an agent. */
export function requireAgent(ctx: Context): AgentPrincipal {
  const principal = requirePrincipal(ctx, 'read');
  if (principal.kind === 'owner' && principal.token) throw graphQLError('FORBIDDEN', `Only an agent may do this. ${OWNER_TOKEN_NOT_AGENT_KEY}`);
  if (principal.kind !== 'agent') throw graphQLError('FORBIDDEN', 'Only an agent may do this.');
  return principal;
}
