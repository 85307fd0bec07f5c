import type { Db } from '../db/database.js';
import type { Repository } from '../generated/prisma/client.js';

/** A repository row as resolvers receive it. */
export type RepositoryRow = Repository;

export function insertRepository(db: Db, repository: { tenantId: string; id: string; ownerId: string; name: string; code: string }): Promise<RepositoryRow> {
  return db.repository.create({ data: repository });
}

export function listLiveRepositories(db: Db, tenantId: string, ownerId: string): Promise<RepositoryRow[]> {
  return db.repository.findMany({ where: { tenantId, ownerId, deletedAt: null }, orderBy: { name: 'asc' } });
}

export function findLiveRepositoryByName(db: Db, tenantId: string, ownerId: string, name: string): Promise<RepositoryRow | null> {
  return db.repository.findFirst({ where: { tenantId, ownerId, name, deletedAt: null } });
}

export function findRepository(db: Db, tenantId: string, id: string): Promise<RepositoryRow | null> {
  return db.repository.findUnique({ where: { tenantId_id: { tenantId, id } } });
}

/** Locks the repository for the rest of the transaction, so a deed sees it unchanged until it commits. */
export async function lockRepository(db: Db, tenantId: string, id: string): Promise<RepositoryRow | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    /* lockRepository */
    SELECT id FROM repositories WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE`;
  return rows[0] ? findRepository(db, tenantId, id) : null;
}

export async function markRepositoryDeleted(db: Db, tenantId: string, id: string): Promise<void> {
  await db.$executeRaw`
    /* markRepositoryDeleted */
    UPDATE repositories SET deleted_at = now() WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND deleted_at IS NULL`;
}

export async function setRepositoryState(db: Db, tenantId: string, id: string, state: 'serving' | 'unserved'): Promise<void> {
  await db.$executeRaw`
    /* setRepositoryState */
    UPDATE repositories SET state = ${state} WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
}

export async function setRepositoryOwner(db: Db, tenantId: string, id: string, ownerId: string): Promise<void> {
  await db.$executeRaw`
    /* setRepositoryOwner */
    UPDATE repositories SET owner_id = ${ownerId}::uuid WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`;
}

export async function insertRepositoryToken(db: Db, token: { tenantId: string; id: string; repositoryId: string; signOffId: string; scopes: string[]; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.repositoryToken.create({ data: token });
}

/** Revokes every live token of a repository (its deletion ends them). */
export async function revokeRepositoryTokens(db: Db, tenantId: string, repositoryId: string, reason: string): Promise<number> {
  return db.$executeRaw`
    /* revokeRepositoryTokens */
    UPDATE repository_tokens SET revoked_at = now(), revoked_reason = ${reason}
     WHERE tenant_id = ${tenantId}::uuid AND repository_id = ${repositoryId}::uuid AND revoked_at IS NULL`;
}
