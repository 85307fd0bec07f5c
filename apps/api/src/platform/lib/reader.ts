import type { Principal } from './principal.js';

/**
 * Whose rows a principal may read, one rule for sign-offs and authorities:
 * an owner reads everything of theirs; an agent reads only its own, and
 * always under its own owner (an agent never changes owner, so the owner
 * condition costs an agent nothing and lets one index serve both).
 */
export interface Reader {
  ownerId: string;
  agentId?: string;
}

/** The reader a principal is. */
export function readerOf(principal: Principal): Reader {
  return principal.kind === 'owner' ? { ownerId: principal.ownerId } : { ownerId: principal.ownerId, agentId: principal.agentId };
}

/**
 * `<alias>.owner_id = $n`, and `<alias>.agent_id = $m` for an agent, as a
 * SQL condition; the ids are appended to `params`, never spliced in.
 * `sharedWithOwners`, a condition on the row (SQL of the store, never
 * input), makes the rows it holds for readable by every owner of the tenant
 * too: a sign-off needing two approvals is its co-owners' to decide
 * (docs/sign-offs.md, S20). Authorities pass none: they stay their owner's.
 */
export function readerFilter(reader: Reader, params: unknown[], alias: string, sharedWithOwners?: string): string {
  params.push(reader.ownerId);
  const owner = `${alias}.owner_id = $${params.length}::uuid`;
  if (reader.agentId === undefined) return sharedWithOwners ? `(${owner} OR ${sharedWithOwners})` : owner;
  params.push(reader.agentId);
  return `${owner} AND ${alias}.agent_id = $${params.length}::uuid`;
}

/**
 * Whether an event about a row owned by `ownerId` and asked for by `agentId`
 * is the reader's to see; `shared` (the row is every owner's, as
 * `sharedWithOwners` above) lets any owner of the tenant see it.
 */
export function readerSees(reader: Reader, row: { ownerId: string; agentId: string | null }, shared = false): boolean {
  if (reader.agentId !== undefined) return row.ownerId === reader.ownerId && row.agentId === reader.agentId;
  return row.ownerId === reader.ownerId || shared;
}
