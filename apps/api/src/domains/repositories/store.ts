import { query, type Queryable } from '../../platform/db/sql.js';
import type { PrismaClient, Repository } from '../../generated/prisma/client.js';

/** A repository row as resolvers receive it. */
export type RepositoryRow = Repository;

const COLUMNS = `tenant_id AS "tenantId", id, owner_id AS "ownerId", name, code, state, created_at AS "createdAt", deleted_at AS "deletedAt"`;

/** Inserts a repository; a live namesake of the owner's makes it fail with 23505. */
export async function insertRepository(
  db: Queryable,
  repository: { tenantId: string; id: string; ownerId: string; name: string; code: string },
): Promise<RepositoryRow> {
  const rows = await query<RepositoryRow>(
    db,
    `/* insertRepository */
    INSERT INTO repositories (tenant_id, id, owner_id, name, code) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5) RETURNING ${COLUMNS}`,
    [repository.tenantId, repository.id, repository.ownerId, repository.name, repository.code],
  );
  return rows[0]!;
}

/**
 * Adds a repository unless the owner has `max` live ones already. The
 * owner's repositories are counted under a per-owner advisory lock, so
 * racing creations cannot all pass a count of max − 1. Null: at the cap.
 */
export async function insertRepositoryUnderCap(
  tx: Queryable,
  repository: { tenantId: string; id: string; ownerId: string; name: string; code: string },
  max: number,
): Promise<RepositoryRow | null> {
  await query(tx, `/* lockOwnerRepositories */ SELECT pg_advisory_xact_lock(hashtextextended('repositories:' || $1::text, 0))`, [repository.ownerId]);
  const rows = await query<RepositoryRow>(
    tx,
    `/* insertRepositoryUnderCap */
    INSERT INTO repositories (tenant_id, id, owner_id, name, code)
    SELECT $1::uuid, $2::uuid, $3::uuid, $4, $5
     WHERE (SELECT count(*) FROM repositories WHERE tenant_id = $1::uuid AND owner_id = $3::uuid AND deleted_at IS NULL) < $6 /* guard: at most max live per owner */
    RETURNING ${COLUMNS}`,
    [repository.tenantId, repository.id, repository.ownerId, repository.name, repository.code, max],
  );
  return rows[0] ?? null;
}

/**
 * A page of the owner's live repositories by name, `limit` rows after the
 * name `after`; names are unique among live ones, so the partial unique
 * index repositories_live_name serves the order and the keyset. A query's
 * read, so Prisma's: the keyset is the name itself, which Prisma compares
 * in the database (no `cursor`, which would drop the LIMIT).
 */
export function listLiveRepositories(
  prisma: PrismaClient,
  tenantId: string,
  ownerId: string,
  limit: number,
  after: string | undefined,
): Promise<RepositoryRow[]> {
  return prisma.repository.findMany({
    where: { tenantId, ownerId, deletedAt: null, ...(after === undefined ? {} : { name: { gt: after } }) },
    orderBy: { name: 'asc' },
    take: limit,
  });
}

export async function findLiveRepositoryByName(db: Queryable, tenantId: string, ownerId: string, name: string): Promise<RepositoryRow | null> {
  const rows = await query<RepositoryRow>(
    db,
    `/* findLiveRepositoryByName */
    SELECT ${COLUMNS} FROM repositories WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND name = $3 AND deleted_at IS NULL`,
    [tenantId, ownerId, name],
  );
  return rows[0] ?? null;
}

/** Repositories by key, in one statement (the batch behind a request's repository loader). */
export function findRepositoriesByIds(db: Queryable, keys: readonly { tenantId: string; id: string }[]): Promise<RepositoryRow[]> {
  return query<RepositoryRow>(
    db,
    `/* findRepositoriesByIds */ SELECT ${COLUMNS} FROM repositories WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
    [keys.map((key) => key.tenantId), keys.map((key) => key.id)],
  );
}

/** Locks the repository for the rest of the transaction, so a deed sees it unchanged until it commits. */
export async function lockRepository(db: Queryable, tenantId: string, id: string): Promise<RepositoryRow | null> {
  const rows = await query<RepositoryRow>(
    db,
    `/* lockRepository */
    SELECT ${COLUMNS} FROM repositories WHERE tenant_id = $1::uuid AND id = $2::uuid FOR UPDATE`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function markRepositoryDeleted(db: Queryable, tenantId: string, id: string): Promise<void> {
  await query(
    db,
    `/* markRepositoryDeleted */
    UPDATE repositories SET deleted_at = now() WHERE tenant_id = $1::uuid AND id = $2::uuid AND deleted_at IS NULL /* guard: a repository is deleted once */ RETURNING id`,
    [tenantId, id],
  );
}

export async function setRepositoryState(db: Queryable, tenantId: string, id: string, state: 'serving' | 'unserved'): Promise<void> {
  await query(db, `/* setRepositoryState */ UPDATE repositories SET state = $3 WHERE tenant_id = $1::uuid AND id = $2::uuid RETURNING id`, [
    tenantId,
    id,
    state,
  ]);
}

export async function setRepositoryOwner(db: Queryable, tenantId: string, id: string, ownerId: string): Promise<void> {
  await query(db, `/* setRepositoryOwner */ UPDATE repositories SET owner_id = $3::uuid WHERE tenant_id = $1::uuid AND id = $2::uuid RETURNING id`, [
    tenantId,
    id,
    ownerId,
  ]);
}

export async function insertRepositoryToken(
  db: Queryable,
  token: { tenantId: string; id: string; repositoryId: string; signOffId: string; scopes: string[]; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await query(
    db,
    `/* insertRepositoryToken */
    INSERT INTO repository_tokens (tenant_id, id, repository_id, sign_off_id, scopes, token_hash, expires_at)
    VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::text[], $6, $7::timestamptz) RETURNING id`,
    [token.tenantId, token.id, token.repositoryId, token.signOffId, token.scopes, token.tokenHash, token.expiresAt],
  );
}

/** Revokes every live token of a repository (its deletion or transfer ends them). */
export async function revokeRepositoryTokens(db: Queryable, tenantId: string, repositoryId: string, reason: string): Promise<number> {
  const rows = await query(
    db,
    `/* revokeRepositoryTokens */
    UPDATE repository_tokens SET revoked_at = now(), revoked_reason = $3
     WHERE tenant_id = $1::uuid AND repository_id = $2::uuid AND revoked_at IS NULL /* guard: a revoked token keeps its first reason */ RETURNING id`,
    [tenantId, repositoryId, reason],
  );
  return rows.length;
}
