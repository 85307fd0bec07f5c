/**
 * What an owner credential allows, least first: `read`; `read` and deciding
 * sign-offs (`decide`); everything (`admin`). Each includes the ones before
 * it (docs/owner-tokens.md, rule OT3).
 */
export type OwnerScope = 'read' | 'decide' | 'admin';

/** The scopes in order: a credential holding one holds every one before it. */
export const OWNER_SCOPES: readonly OwnerScope[] = ['read', 'decide', 'admin'];

/** The owner behind a console session, an owner token, or the CLI. */
export interface OwnerPrincipal {
  kind: 'owner';
  tenantId: string;
  ownerId: string;
  /** The console session the request came with; absent for an owner token or the CLI. */
  sessionId?: string;
  /**
   * The owner token the request came with, and its scope; absent for a
   * console session or the CLI, which hold every scope.
   */
  token?: { id: string; scope: OwnerScope };
}
/** An agent authenticated by its bearer key; it acts for `ownerId`. */
export interface AgentPrincipal {
  kind: 'agent';
  tenantId: string;
  ownerId: string;
  agentId: string;
  /**
   * The hash of the bearer key it presented: a draw authenticates again with it
   * inside its one database call, so a key revoked or replaced since opens nothing.
   */
  keyHash: string;
}
export type Principal = OwnerPrincipal | AgentPrincipal;

/**
 * Who draws on an authority: an agent the request has authenticated, or
 * only the hash of the key a draw-only request carries, which no one has
 * checked yet: the draw checks it in its own database call
 * (docs/standing-authorities.md, rule A6, step 0).
 */
export type Drawer = AgentPrincipal | { kind: 'unchecked-key'; keyHash: string };

/** Whether the owner's credential allows `needed`: a session (or the CLI) allows everything, a token its scope and the ones below. */
export function ownerMay(principal: OwnerPrincipal, needed: OwnerScope): boolean {
  if (!principal.token) return true;
  return OWNER_SCOPES.indexOf(principal.token.scope) >= OWNER_SCOPES.indexOf(needed);
}

/**
 * One key per principal for per-principal bounds: an agent by its key (an
 * agent has one live key, and a draw is bounded before its key is checked),
 * an owner across all their sessions.
 */
export function principalKey(principal: Principal): string {
  return principal.kind === 'agent' ? agentKeyBound(principal.keyHash) : `owner:${principal.ownerId}`;
}

/** The per-principal bound's key for an agent key, checked or not. */
export function agentKeyBound(keyHash: string): string {
  return `agent:${keyHash}`;
}
