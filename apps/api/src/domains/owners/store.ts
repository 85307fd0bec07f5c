import { randomUUID } from 'node:crypto';
import { query, type Queryable } from '../../platform/db/sql.js';
import { checkName } from '../../platform/lib/validation.js';
import type { Owner, Tenant } from '../../generated/prisma/client.js';
import { normaliseEmail, slugify } from './validation.js';

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

/** Tenants by id, in one statement (the batch behind a request's tenant loader). */
export function findTenantsByIds(db: Queryable, ids: readonly string[]): Promise<TenantRow[]> {
  return query<TenantRow>(db, `/* findTenantsByIds */ SELECT id, slug, name, created_at AS "createdAt" FROM tenants WHERE id = ANY($1::uuid[])`, [ids]);
}

export async function findTenantBySlug(db: Queryable, slug: string): Promise<TenantRow | null> {
  const rows = await query<TenantRow>(db, `/* findTenantBySlug */ SELECT id, slug, name, created_at AS "createdAt" FROM tenants WHERE slug = $1`, [slug]);
  return rows[0] ?? null;
}

export async function anyOwnerExists(db: Queryable): Promise<boolean> {
  return (await query(db, `/* anyOwnerExists */ SELECT 1 AS found FROM owners LIMIT 1`)).length > 0;
}

export async function insertTenant(db: Queryable, tenant: { id: string; slug: string; name: string }): Promise<TenantRow> {
  const rows = await query<TenantRow>(
    db,
    `/* insertTenant */ INSERT INTO tenants (id, slug, name) VALUES ($1::uuid, $2, $3) RETURNING id, slug, name, created_at AS "createdAt"`,
    [tenant.id, tenant.slug, tenant.name],
  );
  return rows[0]!;
}

export async function insertOwner(db: Queryable, owner: { tenantId: string; id: string; email: string; passwordHash: string }): Promise<OwnerRow> {
  const rows = await query<OwnerRow>(
    db,
    `/* insertOwner */
    INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1::uuid, $2::uuid, $3, $4)
    RETURNING tenant_id AS "tenantId", id, email, password_hash AS "passwordHash", created_at AS "createdAt"`,
    [owner.tenantId, owner.id, owner.email, owner.passwordHash],
  );
  return rows[0]!;
}

export interface NewOwnerInput {
  email: string;
  password: string;
  tenantName: string;
}

/**
 * Creates an owner in the tenant named `tenantName` (by its slug), creating
 * the tenant when it does not exist, on the caller's transaction: setup and
 * the CLI commit it with what they write beside it.
 */
export async function createOwner(db: Queryable, input: NewOwnerInput, passwordHash: string): Promise<OwnerRow> {
  const email = normaliseEmail(input.email);
  const tenantName = checkName('A tenant name', input.tenantName, 200);
  const slug = slugify(tenantName);
  const tenant = (await findTenantBySlug(db, slug)) ?? (await insertTenant(db, { id: randomUUID(), slug, name: tenantName }));
  return insertOwner(db, { tenantId: tenant.id, id: randomUUID(), email, passwordHash });
}
