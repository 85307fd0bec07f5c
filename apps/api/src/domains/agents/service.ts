import { randomUUID } from 'node:crypto';
import { UNIQUE_VIOLATION } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { AGENT_KEY_PREFIX, hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { holdAgentDraws } from '../authorities/store.js';
import { publishEvent } from '../../platform/events/publish.js';
import { appendAuditEntry } from '../audit/append.js';
import { checkName, isUuid } from '../../platform/lib/validation.js';
import { pageOf, pageWindow, uuidCursor, type Page } from '../../platform/lib/page.js';
import { lapseRevokedAgentSecrets } from '../signoffs/secrets-store.js';
import { expireAgentPending, withdrawRevokedAgentRequests } from '../signoffs/store.js';
import { findAgent, insertAgent, listOwnerAgents, replaceLiveAgentKey, revokeLiveAgent, type AgentRow } from './store.js';

/** Characters of the key kept in clear so owners can tell keys apart. */
const VISIBLE_KEY_CHARS = AGENT_KEY_PREFIX.length + 6;

export type CreateAgentOutcome = { kind: 'created'; agent: AgentRow; key: string } | { kind: 'name-taken' };

/** The unique index that makes a live agent's name its owner's alone. */
const LIVE_NAME_INDEX = 'agents_live_name';

/**
 * Creates an agent with a fresh key. The key is returned this once; the
 * database keeps its SHA-256 only. The row and its event commit together,
 * in the request's write scope.
 */
export async function createAgent(deps: ServiceDeps, owner: { tenantId: string; ownerId: string }, name: string): Promise<CreateAgentOutcome> {
  const agentName = checkName('An agent name', name, 100);
  const key = newSecret(AGENT_KEY_PREFIX);
  try {
    const agent = await deps.scope.transaction(async (tx) => {
      const created = await insertAgent(tx, {
        tenantId: owner.tenantId,
        id: randomUUID(),
        ownerId: owner.ownerId,
        name: agentName,
        keyPrefix: key.slice(0, VISIBLE_KEY_CHARS),
        keyHash: hashSecret(key),
      });
      await publishEvent(tx, owner.tenantId, 'AGENT_CHANGED', { agentId: created.id, ownerId: owner.ownerId, kind: 'CREATED' });
      return created;
    });
    return { kind: 'created', agent, key };
  } catch (error) {
    const { code, constraint } = error as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION && constraint === LIVE_NAME_INDEX) return { kind: 'name-taken' };
    throw error;
  }
}

/**
 * Revokes an agent: from the commit on, its key is refused on every instance
 * (keys are checked against the database on every request), and its open
 * requests (pending, or approved and not yet run) are withdrawn in the same
 * transaction, so no later approval or sweep runs a deed for it, and the
 * secrets it can no longer take lapse (what they minted is revoked). A deed
 * already running finishes first: the revocation waits on its request's
 * lock. Revoking an already revoked agent returns it unchanged; another
 * owner's agent, or another tenant's, is not found.
 */
export async function revokeAgent(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<AgentRow | null> {
  if (!isUuid(id)) return null;
  return deps.scope.transaction(async (tx) => {
    const revoked = await revokeLiveAgent(tx, owner.tenantId, owner.ownerId, id);
    if (revoked) {
      await expireAgentPending(tx, owner.tenantId, id);
      await withdrawRevokedAgentRequests(tx, owner.tenantId, id);
      await lapseRevokedAgentSecrets(tx, owner.tenantId, id);
      // No draw lands after this commits: one already past its check finishes first (rule A6). Last, after
      // waiting on any approved request being carried out: an authority it grants is committed by then, and held too.
      await holdAgentDraws(tx, owner.tenantId, owner.ownerId, id);
      await publishEvent(tx, owner.tenantId, 'AGENT_CHANGED', { agentId: id, ownerId: owner.ownerId, kind: 'REVOKED' });
      // Last: the audit head is the last lock a transaction takes (docs/audit.md, L2).
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'agent.revoked',
        actor: `owner:${owner.ownerId}`,
        subject: `agent:${id}`,
        detail: { name: revoked.name },
      });
      return revoked;
    }
    const existing = await findAgent(tx, owner.tenantId, id);
    return existing && existing.ownerId === owner.ownerId ? existing : null;
  });
}

/**
 * Gives a live agent a new key, shown this once; the old key is refused from
 * the commit on, on every instance. A revoked agent, or another owner's, is
 * not found.
 */
export async function rotateAgentKey(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<{ agent: AgentRow; key: string } | null> {
  if (!isUuid(id)) return null;
  const key = newSecret(AGENT_KEY_PREFIX);
  const agent = await deps.scope.transaction(async (tx) => {
    if (!(await replaceLiveAgentKey(tx, owner.tenantId, owner.ownerId, id, { keyPrefix: key.slice(0, VISIBLE_KEY_CHARS), keyHash: hashSecret(key) })))
      return null;
    // No draw with the old key lands after this commits (rule A6).
    await holdAgentDraws(tx, owner.tenantId, owner.ownerId, id);
    // Sockets opened with the old key close on this, on every instance.
    await publishEvent(tx, owner.tenantId, 'AGENT_CHANGED', { agentId: id, ownerId: owner.ownerId, kind: 'KEY_ROTATED' });
    return findAgent(tx, owner.tenantId, id);
  });
  return agent ? { agent, key } : null;
}

/** A page of the owner's agents, newest first; the cursor is the last agent's id. */
export async function listAgents(deps: ServiceDeps, owner: OwnerPrincipal, first: number, after: string | null | undefined): Promise<Page<AgentRow>> {
  const window = pageWindow(first, after, uuidCursor);
  const rows = await listOwnerAgents(deps.db.pool, owner.tenantId, owner.ownerId, window.size + 1, window.after);
  return pageOf(rows, window.size, (row) => row.id);
}

export { findAgent };
