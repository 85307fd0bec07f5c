import { query, type Queryable } from '../../platform/db/sql.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Attestation } from './decide-publish.js';
import type { ParsedManifest } from './content.js';

/**
 * A stored version. Its text and canonical JSON (up to 32 KiB and 64 KiB)
 * are there only when read with them (findManifest); reads that show a
 * version leave them in the database until a field asks (findManifestText).
 */
export interface ManifestRow {
  tenantId: string;
  name: string;
  version: string;
  digest: string;
  content?: string;
  canonical?: string;
  format: 'json' | 'yaml';
  keyId: string | null;
  signature: string | null;
  publishedAt: Date;
  publishedBy: string;
}

/** A version with its text, as publishing compares it. */
export type ManifestWithText = ManifestRow & { content: string; canonical: string };

export interface SigningKeyRow {
  tenantId: string;
  keyId: string;
  ownerId: string;
  name: string;
  publicKey: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const MANIFEST_HEAD_COLUMNS = `tenant_id AS "tenantId", name, version, digest, format, key_id AS "keyId", signature,
  published_at AS "publishedAt", published_by AS "publishedBy"`;
const MANIFEST_COLUMNS = `${MANIFEST_HEAD_COLUMNS}, content, canonical`;
const KEY_COLUMNS = `tenant_id AS "tenantId", key_id AS "keyId", owner_id AS "ownerId", name, public_key AS "publicKey", created_at AS "createdAt", revoked_at AS "revokedAt"`;

/**
 * Serialises every publish of one (tenant, name, version) until the
 * transaction ends — whether or not the row exists yet, which a row lock
 * cannot do: two first publishes would both find nothing. A hash collision
 * between two keys only makes two unrelated publishes wait for each other.
 */
export async function lockVersion(tx: Queryable, tenantId: string, name: string, version: string): Promise<void> {
  await query(tx, `/* lockManifestVersion */ SELECT pg_advisory_xact_lock(hashtext($1 || E'\\x1f' || $2 || E'\\x1f' || $3))::text AS locked`, [
    tenantId,
    name,
    version,
  ]);
}

/**
 * How many versions `publishedBy` published in the last hour, and in how
 * many seconds the oldest of them leaves that hour. Counted under an
 * advisory lock on the publisher held to the commit (taken after the
 * version's own lock, always in that order), so racing publishes of one
 * agent cannot all pass a count of max − 1.
 */
export async function countRecentPublishes(tx: Queryable, tenantId: string, publishedBy: string): Promise<{ count: number; retryAfterSeconds: number }> {
  await query(tx, `/* lockPublisher */ SELECT pg_advisory_xact_lock(hashtextextended('publishes:' || $1 || '/' || $2, 0))`, [tenantId, publishedBy]);
  const rows = await query<{ count: number; retryAfterSeconds: number | null }>(
    tx,
    `/* countRecentPublishes */
    SELECT count(*)::int AS count, ceil(extract(epoch FROM min(published_at) + interval '1 hour' - now()))::int AS "retryAfterSeconds"
      FROM manifests WHERE tenant_id = $1::uuid AND published_by = $2 AND published_at > now() - interval '1 hour'`,
    [tenantId, publishedBy],
  );
  return { count: rows[0]!.count, retryAfterSeconds: Math.max(1, rows[0]!.retryAfterSeconds ?? 1) };
}

/**
 * Whether a version named `name` may be inserted under the tenant's cap on
 * manifest names: always for a name already published (versions are never
 * deleted, so it stays counted), else only while the tenant has fewer than
 * `max` names. A new name is counted under an advisory lock on the tenant's
 * names, held to the commit (taken after the version's lock and before the
 * publisher's, always in that order), so racing publishes of new names
 * cannot all pass a count of max − 1.
 */
export async function roomForManifestName(tx: Queryable, tenantId: string, name: string, max: number): Promise<boolean> {
  const known = await query(tx, `/* manifestNameExists */ SELECT 1 AS found FROM manifests WHERE tenant_id = $1::uuid AND name = $2 LIMIT 1`, [tenantId, name]);
  if (known.length === 1) return true;
  await query(tx, `/* lockManifestNames */ SELECT pg_advisory_xact_lock(hashtextextended('manifest-names:' || $1::text, 0))`, [tenantId]);
  const rows = await query<{ room: boolean }>(
    tx,
    `/* countManifestNames */
    SELECT EXISTS (
      SELECT 1 WHERE (SELECT count(*) FROM (SELECT DISTINCT name FROM manifests WHERE tenant_id = $1::uuid) names) < $2 /* guard: at most max names per tenant */
    ) AS room`,
    [tenantId, max],
  );
  return rows[0]!.room;
}

export async function findManifest(db: Queryable, tenantId: string, name: string, version: string): Promise<ManifestWithText | null> {
  const rows = await query<ManifestWithText>(
    db,
    `/* findManifest */
    SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE tenant_id = $1::uuid AND name = $2 AND version = $3`,
    [tenantId, name, version],
  );
  return rows[0] ?? null;
}

/**
 * A version without its text and canonical JSON (they stay in the database
 * until a field asks): a query's read by the primary key, so Prisma's.
 */
export async function findManifestHead(prisma: PrismaClient, tenantId: string, name: string, version: string): Promise<ManifestRow | null> {
  const row = await prisma.manifest.findUnique({
    where: { tenantId_name_version: { tenantId, name, version } },
    select: { tenantId: true, name: true, version: true, digest: true, format: true, keyId: true, signature: true, publishedAt: true, publishedBy: true },
  });
  return row && { ...row, format: row.format as ManifestRow['format'] };
}

/** A version's text and canonical JSON, for the fields that show them. */
export async function findManifestText(db: Queryable, tenantId: string, name: string, version: string): Promise<{ content: string; canonical: string } | null> {
  const rows = await query<{ content: string; canonical: string }>(
    db,
    `/* findManifestText */
    SELECT content, canonical FROM manifests WHERE tenant_id = $1::uuid AND name = $2 AND version = $3`,
    [tenantId, name, version],
  );
  return rows[0] ?? null;
}

/** A plain insert, never an upsert: the primary key is the last word on immutability. */
export async function insertManifest(
  tx: Queryable,
  tenantId: string,
  manifest: ParsedManifest,
  attestation: Attestation | null,
  publishedBy: string,
): Promise<void> {
  await query(
    tx,
    `/* insertManifest */
    INSERT INTO manifests (tenant_id, name, version, digest, content, canonical, format, key_id, signature, published_by)
    VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING 1 AS inserted`,
    [
      tenantId,
      manifest.name,
      manifest.version,
      manifest.digest,
      manifest.content,
      manifest.canonical,
      manifest.format,
      attestation?.keyId ?? null,
      attestation?.signature ?? null,
      publishedBy,
    ],
  );
}

/**
 * Adds an attestation to an unsigned version whose stored text is exactly
 * the text it was published with (the trigger refuses anything but adding
 * one); returns whether it did.
 */
export async function adoptAttestation(
  tx: Queryable,
  tenantId: string,
  manifest: Pick<ParsedManifest, 'name' | 'version' | 'content'>,
  attestation: Attestation,
): Promise<boolean> {
  const rows = await query(
    tx,
    `/* adoptAttestation */
    UPDATE manifests SET key_id = $4, signature = $5
     WHERE tenant_id = $1::uuid AND name = $2 AND version = $3 AND key_id IS NULL /* guard: only an unsigned version adopts */ AND content = $6 /* guard: only the exact text published */
    RETURNING 1 AS adopted`,
    [tenantId, manifest.name, manifest.version, attestation.keyId, attestation.signature, manifest.content],
  );
  return rows.length === 1;
}

/** A page of the tenant's manifest names in text order, `limit` after the name `after`; the primary key serves it. */
/**
 * A page of the tenant's manifest names, in text order, after `after`: an
 * ordinary read, so Prisma's. A groupBy, not `distinct`, so the database
 * folds the versions and applies the limit (Prisma's `distinct` would fold
 * them in memory after reading every version).
 */
export async function listNames(prisma: PrismaClient, tenantId: string, limit: number, after: string | undefined): Promise<string[]> {
  const rows = await prisma.manifest.groupBy({
    by: ['name'],
    where: { tenantId, ...(after === undefined ? {} : { name: { gt: after } }) },
    orderBy: { name: 'asc' },
    take: limit,
  });
  return rows.map((row) => row.name);
}

/**
 * A version as a list shows it, with what verifying its attestation needs
 * and nothing more: never its text or canonical JSON.
 */
export interface ManifestVersionRow {
  version: string;
  digest: string;
  keyId: string | null;
  signature: string | null;
  publishedAt: Date;
  /** The attesting key, when one is named and registered in the tenant. */
  key: Pick<SigningKeyRow, 'publicKey' | 'revokedAt'> | null;
  /**
   * Whether the stored canonical JSON still hashes to the digest, for signed
   * versions (null for unsigned ones): hashed by PostgreSQL, so the text never
   * leaves the database.
   */
  canonicalIntact: boolean | null;
}

const VERSION_SELECT = `
    SELECT m.version, m.digest, m.key_id AS "keyId", m.signature, m.published_at AS "publishedAt",
           k.public_key AS "keyPublicKey", k.revoked_at AS "keyRevokedAt",
           CASE WHEN m.key_id IS NULL THEN NULL ELSE encode(sha256(convert_to(m.canonical, 'UTF8')), 'hex') = m.digest END AS "canonicalIntact"
      FROM manifests m
      LEFT JOIN signing_keys k ON k.tenant_id = m.tenant_id AND k.key_id = m.key_id
     WHERE m.tenant_id = $1::uuid AND m.name = $2`;

type VersionSelectRow = Omit<ManifestVersionRow, 'key'> & { keyPublicKey: string | null; keyRevokedAt: Date | null };

function toVersionRow({ keyPublicKey, keyRevokedAt, ...row }: VersionSelectRow): ManifestVersionRow {
  return { ...row, key: keyPublicKey === null ? null : { publicKey: keyPublicKey, revokedAt: keyRevokedAt } };
}

/**
 * A page of a name's versions, newest published first, `limit` after the
 * version `after` (its time read by its key); manifests_by_published serves it.
 */
export async function listVersions(db: Queryable, tenantId: string, name: string, limit: number, after: string | undefined): Promise<ManifestVersionRow[]> {
  const rows = await query<VersionSelectRow>(
    db,
    `/* listManifestVersions */${VERSION_SELECT}
       AND ($3::text IS NULL OR (m.published_at, m.version) < ((SELECT c.published_at FROM manifests c WHERE c.tenant_id = $1::uuid AND c.name = $2 AND c.version = $3), $3))
     ORDER BY m.published_at DESC, m.version DESC LIMIT $4`,
    [tenantId, name, after ?? null, limit],
  );
  return rows.map(toVersionRow);
}

/** One version as listVersions reads it: what verifying it needs, without its text. */
export async function findVersion(db: Queryable, tenantId: string, name: string, version: string): Promise<ManifestVersionRow | null> {
  const rows = await query<VersionSelectRow>(db, `/* findManifestVersion */${VERSION_SELECT} AND m.version = $3`, [tenantId, name, version]);
  return rows[0] ? toVersionRow(rows[0]) : null;
}

export async function findKey(db: Queryable, tenantId: string, keyId: string): Promise<SigningKeyRow | null> {
  const rows = await query<SigningKeyRow>(db, `/* findSigningKey */ SELECT ${KEY_COLUMNS} FROM signing_keys WHERE tenant_id = $1::uuid AND key_id = $2`, [
    tenantId,
    keyId,
  ]);
  return rows[0] ?? null;
}

/** Registers a key unless it is there already; returns whether it was new. */
export async function insertKey(db: Queryable, key: { tenantId: string; keyId: string; ownerId: string; name: string; publicKey: string }): Promise<boolean> {
  const rows = await query(
    db,
    `/* insertSigningKey */
    INSERT INTO signing_keys (tenant_id, key_id, owner_id, name, public_key) VALUES ($1::uuid, $2, $3::uuid, $4, $5)
    ON CONFLICT (tenant_id, key_id) DO NOTHING RETURNING 1 AS inserted`,
    [key.tenantId, key.keyId, key.ownerId, key.name, key.publicKey],
  );
  return rows.length === 1;
}

/** Revokes a key the owner registered (idempotent); another owner's key reads as not found. */
export async function revokeKey(db: Queryable, tenantId: string, ownerId: string, keyId: string): Promise<SigningKeyRow | null> {
  await query(
    db,
    `/* revokeSigningKey */
    UPDATE signing_keys SET revoked_at = now() WHERE tenant_id = $1::uuid AND key_id = $2 AND owner_id = $3::uuid /* guard: only the key's owner revokes */ AND revoked_at IS NULL /* guard: the first revocation's time stays */
    RETURNING 1 AS revoked`,
    [tenantId, keyId, ownerId],
  );
  const key = await findKey(db, tenantId, keyId);
  return key && key.ownerId === ownerId ? key : null;
}

/**
 * A page of the tenant's keys, newest first, `limit` after the key `after`
 * (its creation time read by its key, inside the database: microseconds
 * kept, which a Date would round); signing_keys_by_created serves it. Raw:
 * Prisma's `cursor` would compare the same way but drops the LIMIT
 * (prisma/orm#27094), reading every key after the cursor for each page.
 */
export function listKeys(db: Queryable, tenantId: string, limit: number, after: string | undefined): Promise<SigningKeyRow[]> {
  return query<SigningKeyRow>(
    db,
    `/* listSigningKeys */
    SELECT ${KEY_COLUMNS} FROM signing_keys k
     WHERE k.tenant_id = $1::uuid
       AND ($2::text IS NULL OR (k.created_at, k.key_id) < ((SELECT c.created_at FROM signing_keys c WHERE c.tenant_id = $1::uuid AND c.key_id = $2), $2))
     ORDER BY k.created_at DESC, k.key_id DESC LIMIT $3`,
    [tenantId, after ?? null, limit],
  );
}
