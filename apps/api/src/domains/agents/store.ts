import { query, type Queryable } from '../../platform/db/sql.js';
import type { Agent } from '../../generated/prisma/client.js';

/** An agent row as resolvers receive it. */
export type AgentRow = Agent;

const COLUMNS = `tenant_id AS "tenantId", id, owner_id AS "ownerId", name, key_prefix AS "keyPrefix", key_hash AS "keyHash",
           created_at AS "createdAt", revoked_at AS "revokedAt"`;

/** Inserts an agent; a live namesake of the owner's makes it fail with 23505 on agents_live_name. */
export async function insertAgent(
  db: Queryable,
  agent: { tenantId: string; id: string; ownerId: string; name: string; keyPrefix: string; keyHash: string },
): Promise<AgentRow> {
  const rows = await query<AgentRow>(
    db,
    `/* insertAgent */
    INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6) RETURNING ${COLUMNS}`,
    [agent.tenantId, agent.id, agent.ownerId, agent.name, agent.keyPrefix, agent.keyHash],
  );
  return rows[0]!;
}

/**
 * A page of the owner's agents, newest first, `limit` rows after the agent
 * `after` (its creation time is read by its id, so no timestamp travels in
 * a cursor); agents_by_owner serves the order and the keyset.
 */
export function listOwnerAgents(db: Queryable, tenantId: string, ownerId: string, limit: number, after: string | undefined): Promise<AgentRow[]> {
  return query<AgentRow>(
    db,
    `/* listOwnerAgents */
    SELECT ${COLUMNS} FROM agents a
     WHERE a.tenant_id = $1::uuid AND a.owner_id = $2::uuid
       AND ($3::uuid IS NULL OR (a.created_at, a.id) < ((SELECT c.created_at FROM agents c WHERE c.tenant_id = $1::uuid AND c.id = $3::uuid), $3::uuid))
     ORDER BY a.created_at DESC, a.id DESC LIMIT $4`,
    [tenantId, ownerId, after ?? null, limit],
  );
}

/**
 * One agent by id. Raw SQL on any handle, so a request that holds locks in
 * its own transaction reads through that transaction (`ctx.scope.reads`)
 * rather than waiting for a second connection from the pool.
 */
export async function findAgent(db: Queryable, tenantId: string, id: string): Promise<AgentRow | null> {
  const rows = await query<AgentRow>(
    db,
    `/* findAgent */
    SELECT tenant_id AS "tenantId", id, owner_id AS "ownerId", name, key_prefix AS "keyPrefix", key_hash AS "keyHash",
           created_at AS "createdAt", revoked_at AS "revokedAt"
    FROM agents WHERE tenant_id = $1::uuid AND id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** Agents by key, in one statement (the batch behind a request's agent loader); missing ones are simply absent. */
export function findAgentsByIds(db: Queryable, keys: readonly { tenantId: string; id: string }[]): Promise<AgentRow[]> {
  return query<AgentRow>(
    db,
    `/* findAgentsByIds */
    SELECT tenant_id AS "tenantId", id, owner_id AS "ownerId", name, key_prefix AS "keyPrefix", key_hash AS "keyHash",
           created_at AS "createdAt", revoked_at AS "revokedAt"
    FROM agents WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
    [keys.map((key) => key.tenantId), keys.map((key) => key.id)],
  );
}

/**
 * The agent a bearer key belongs to, if the key is live. Runs on every agent
 * request, so it is one indexed statement on whatever connection is handy.
 */
export async function findLiveAgentByKeyHash(db: Queryable, keyHash: string): Promise<{ tenantId: string; id: string; ownerId: string } | null> {
  const rows = await query<{ tenantId: string; id: string; ownerId: string }>(
    db,
    `/* findLiveAgentByKeyHash */
    SELECT tenant_id AS "tenantId", id, owner_id AS "ownerId" FROM agents WHERE key_hash = $1 AND revoked_at IS NULL /* guard: a revoked agent's key opens nothing */`,
    [keyHash],
  );
  return rows[0] ?? null;
}

/**
 * Revokes a live agent of this owner in one conditional statement; returns
 * nothing when it was already revoked (or is not theirs), so only the first
 * revocation announces itself.
 */
export async function revokeLiveAgent(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<AgentRow | null> {
  const rows = await query<AgentRow>(
    db,
    `/* revokeLiveAgent */
    UPDATE agents SET revoked_at = now()
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid /* guard: only the owner revokes */ AND id = $3::uuid AND revoked_at IS NULL /* guard: only the first revocation */
     RETURNING ${COLUMNS}`,
    [tenantId, ownerId, id],
  );
  return rows[0] ?? null;
}

/** Swaps a live agent's key hash in one conditional statement; the old key stops matching at commit. */
export async function replaceLiveAgentKey(
  db: Queryable,
  tenantId: string,
  ownerId: string,
  id: string,
  key: { keyPrefix: string; keyHash: string },
): Promise<boolean> {
  const rows = await query(
    db,
    `/* replaceLiveAgentKey */
    UPDATE agents SET key_prefix = $4, key_hash = $5
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid /* guard: only the owner rotates */ AND id = $3::uuid AND revoked_at IS NULL /* guard: a revoked agent gets no new key */ RETURNING id`,
    [tenantId, ownerId, id, key.keyPrefix, key.keyHash],
  );
  return rows.length === 1;
}
