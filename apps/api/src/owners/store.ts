import type { Db } from '../db/database.js';
import { query, type Queryable } from '../db/sql.js';
import type { Owner, Tenant } from '../generated/prisma/client.js';

/** An owner row as resolvers receive it. */
export type OwnerRow = Owner;
/** A tenant row as resolvers receive it. */
export type TenantRow = Tenant;

/** By email (unique across tenants); usable inside a deed's node-postgres transaction too. */
export async function findOwnerByEmail(db: Queryable, email: string): Promise<OwnerRow | null> {
  const rows = await query<OwnerRow>(
    db,
    `/* findOwnerByEmail */
    SELECT tenant_id AS "tenantId", id, email, password_hash AS "passwordHash", created_at AS "createdAt" FROM owners WHERE email = $1`,
    [email],
  );
  return rows[0] ?? null;
}

/** Raw SQL on any handle, so a request inside its own transaction reads through it (see findAgent). */
export async function findOwner(db: Queryable, tenantId: string, id: string): Promise<OwnerRow | null> {
  const rows = await query<OwnerRow>(
    db,
    `/* findOwner */
    SELECT tenant_id AS "tenantId", id, email, password_hash AS "passwordHash", created_at AS "createdAt"
    FROM owners WHERE tenant_id = $1::uuid AND id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** Owners by key, in one statement (the batch behind a request's owner loader). */
export function findOwnersByIds(db: Queryable, keys: readonly { tenantId: string; id: string }[]): Promise<OwnerRow[]> {
  return query<OwnerRow>(
    db,
    `/* findOwnersByIds */
    SELECT tenant_id AS "tenantId", id, email, password_hash AS "passwordHash", created_at AS "createdAt"
    FROM owners WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
    [keys.map((key) => key.tenantId), keys.map((key) => key.id)],
  );
}

export async function findTenant(db: Queryable, id: string): Promise<TenantRow | null> {
  const rows = await query<TenantRow>(
    db,
    `/* findTenant */
    SELECT id, slug, name, created_at AS "createdAt" FROM tenants WHERE id = $1::uuid`,
    [id],
  );
  return rows[0] ?? null;
}

/** Tenants by id, in one statement (the batch behind a request's tenant loader). */
export function findTenantsByIds(db: Queryable, ids: readonly string[]): Promise<TenantRow[]> {
  return query<TenantRow>(db, `/* findTenantsByIds */ SELECT id, slug, name, created_at AS "createdAt" FROM tenants WHERE id = ANY($1::uuid[])`, [ids]);
}

export function findTenantBySlug(db: Db, slug: string): Promise<TenantRow | null> {
  return db.tenant.findUnique({ where: { slug } });
}

export async function anyOwnerExists(db: Db): Promise<boolean> {
  return (await db.owner.findFirst({ select: { id: true } })) !== null;
}

export function insertTenant(db: Db, tenant: { id: string; slug: string; name: string }): Promise<TenantRow> {
  return db.tenant.create({ data: tenant });
}

export function insertOwner(db: Db, owner: { tenantId: string; id: string; email: string; passwordHash: string }): Promise<OwnerRow> {
  return db.owner.create({ data: owner });
}
