/** The owner behind a console session. */
export interface OwnerPrincipal {
  kind: 'owner';
  tenantId: string;
  ownerId: string;
  sessionId: string;
}
/** An agent authenticated by its bearer key; it acts for `ownerId`. */
export interface AgentPrincipal {
  kind: 'agent';
  tenantId: string;
  ownerId: string;
  agentId: string;
}
export type Principal = OwnerPrincipal | AgentPrincipal;

/** One key per principal for per-principal bounds: an agent by its id, an owner across all their sessions. */
export function principalKey(principal: Principal): string {
  return principal.kind === 'agent' ? `agent:${principal.agentId}` : `owner:${principal.ownerId}`;
}
