import { query, type Queryable } from '../../platform/db/sql.js';
import type { OwnerScope } from '../../platform/lib/principal.js';

/** A token's scope as stored (and as the API's `OwnerTokenScope` spells it). */
export type OwnerTokenScope = 'READ' | 'DECIDE' | 'ADMIN';

/** A stored scope as a principal carries it. */
export function scopeOf(scope: OwnerTokenScope): OwnerScope {
  return scope === 'READ' ? 'read' : scope === 'DECIDE' ? 'decide' : 'admin';
}

/** An owner token as the API shows it: never its hash. */
export interface OwnerTokenRow {
  tenantId: string;
  id: string;
  ownerId: string;
  name: string;
  scope: OwnerTokenScope;
  tokenPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const COLUMNS = `tenant_id AS "tenantId", id, owner_id AS "ownerId", name, scope, token_prefix AS "tokenPrefix",
           created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

/** Inserts a token; only its hash reaches the database. */
export async function insertOwnerToken(
  db: Queryable,
  token: { tenantId: string; id: string; ownerId: string; name: string; scope: OwnerTokenScope; tokenPrefix: string; tokenHash: string },
): Promise<OwnerTokenRow> {
  const rows = await query<OwnerTokenRow>(
    db,
    `/* insertOwnerToken */
    INSERT INTO owner_tokens (tenant_id, id, owner_id, name, scope, token_prefix, token_hash)
    VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [token.tenantId, token.id, token.ownerId, token.name, token.scope, token.tokenPrefix, token.tokenHash],
  );
  return rows[0]!;
}

/** The owner's tokens, newest first, revoked ones included. */
/** A page of the owner's tokens, newest first, `limit` rows after the token `after`; owner_tokens_owner serves it. */
export function listOwnerTokens(db: Queryable, tenantId: string, ownerId: string, limit: number, after: string | undefined): Promise<OwnerTokenRow[]> {
  return query<OwnerTokenRow>(
    db,
    `/* listOwnerTokens */
    SELECT ${COLUMNS} FROM owner_tokens t
     WHERE t.tenant_id = $1::uuid AND t.owner_id = $2::uuid
       AND ($3::uuid IS NULL OR (t.created_at, t.id) < ((SELECT c.created_at FROM owner_tokens c WHERE c.tenant_id = $1::uuid AND c.id = $3::uuid), $3::uuid))
     ORDER BY t.created_at DESC, t.id DESC LIMIT $4`,
    [tenantId, ownerId, after ?? null, limit],
  );
}

/** One of the owner's tokens by id; another owner's reads as absent. */
export async function findOwnerToken(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<OwnerTokenRow | null> {
  const rows = await query<OwnerTokenRow>(
    db,
    `/* findOwnerToken */
    SELECT ${COLUMNS} FROM owner_tokens WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid`,
    [tenantId, ownerId, id],
  );
  return rows[0] ?? null;
}

/**
 * The live token a bearer value hashes to, marking it used. Runs on every
 * request that carries one, so it is one indexed statement; `last_used_at`
 * is written at most once a minute, so a busy script does not rewrite the
 * row on every call.
 */
export async function useLiveOwnerToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ tenantId: string; id: string; ownerId: string; scope: OwnerTokenScope } | null> {
  const rows = await query<{ tenantId: string; id: string; ownerId: string; scope: OwnerTokenScope }>(
    db,
    `/* useLiveOwnerToken */
    WITH live AS (
      SELECT tenant_id, id, owner_id, scope, last_used_at FROM owner_tokens
       WHERE token_hash = $1 AND revoked_at IS NULL /* guard: a revoked token opens nothing */
    ), touched AS (
      UPDATE owner_tokens t SET last_used_at = now() FROM live
       WHERE t.tenant_id = live.tenant_id AND t.id = live.id AND (live.last_used_at IS NULL OR live.last_used_at < now() - interval '1 minute')
    )
    SELECT tenant_id AS "tenantId", id, owner_id AS "ownerId", scope FROM live`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Revokes a live token of this owner in one conditional statement; returns
 * nothing when it was already revoked (or is not theirs), so only the first
 * revocation announces itself.
 */
export async function revokeLiveOwnerToken(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<OwnerTokenRow | null> {
  // Alike to revokeLiveAgent (agents/store.ts) but kept apart: each statement is named, and its guards mutation-tested, in its own table's store.
  const rows = await query<OwnerTokenRow>(
    db,
    `/* revokeLiveOwnerToken */
    UPDATE owner_tokens SET revoked_at = now()
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid /* guard: only the owner revokes */ AND id = $3::uuid AND revoked_at IS NULL /* guard: only the first revocation */
     RETURNING ${COLUMNS}`,
    [tenantId, ownerId, id],
  );
  return rows[0] ?? null;
}
