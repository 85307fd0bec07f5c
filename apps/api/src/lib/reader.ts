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
 */
export function readerFilter(reader: Reader, params: unknown[], alias: string): string {
  params.push(reader.ownerId);
  const owner = `${alias}.owner_id = $${params.length}::uuid`;
  if (reader.agentId === undefined) return owner;
  params.push(reader.agentId);
  return `${owner} AND ${alias}.agent_id = $${params.length}::uuid`;
}

/** Whether an event about a row owned by `ownerId` and asked for by `agentId` is the reader's to see. */
export function readerSees(reader: Reader, row: { ownerId: string; agentId: string }): boolean {
  return row.ownerId === reader.ownerId && (reader.agentId === undefined || row.agentId === reader.agentId);
}
