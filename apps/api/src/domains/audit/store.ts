import { query, type Queryable } from '../../platform/db/sql.js';
import type { ChainRecord } from './chain.js';

/**
 * Locks the tenant's chain head and returns it with the time the lock was
 * granted: every append of a tenant waits here for the one before it to
 * commit (L2). A read, not a write: `appendAfterHead` writes the head once.
 * NO KEY UPDATE, as the head's own update takes, conflicts with another
 * append's lock but not with the key-share lock a signed head's insert takes.
 * Every tenant has its head from its creation (the trigger
 * `tenants_audit_head`), so an append never inserts one.
 */
export async function lockHead(db: Queryable, tenantId: string): Promise<{ seq: number; hash: string; at: Date }> {
  const rows = await query<{ seq: string | bigint; hash: string; at: Date }>(
    db,
    `/* lockHead */ SELECT seq, hash, clock_timestamp() AS at FROM audit_heads WHERE tenant_id = $1 FOR NO KEY UPDATE`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw new Error(`tenant ${tenantId} has no audit head: not a tenant, or its head row was deleted`);
  return { seq: Number(row.seq), hash: row.hash, at: row.at };
}

/**
 * Appends the entry after the head the caller holds locked and moves the
 * head to it, in one statement. The guard keeps a caller from appending
 * after a head it did not read: the entry's prev_hash must be the head's hash.
 */
export async function appendAfterHead(db: Queryable, tenantId: string, record: ChainRecord, at: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* appendAfterHead */
    WITH moved AS (
      UPDATE audit_heads SET seq = $2, hash = $4
       WHERE tenant_id = $1
         AND seq = $2 - 1 /* guard: the next seq, no gap */
         AND hash = $3 /* guard: links to the head as locked */
      RETURNING tenant_id
    )
    INSERT INTO audit_entries (tenant_id, seq, prev_hash, hash, entry, at)
    SELECT tenant_id, $2, $3, $4, $5, $6::timestamptz FROM moved
    RETURNING seq`,
    [tenantId, record.seq, record.prevHash, record.hash, record.entry, at],
  );
  return rows.length === 1;
}

/** The head as stored (null: the tenant has no chain yet). */
export async function findHead(db: Queryable, tenantId: string): Promise<{ seq: number; hash: string } | null> {
  const rows = await query<{ seq: string | bigint; hash: string }>(db, `/* findHead */ SELECT seq, hash FROM audit_heads WHERE tenant_id = $1`, [tenantId]);
  return rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : null;
}

/**
 * Every tenant, in a stable order: each has a chain (maybe empty) from its
 * creation, so one whose head row is gone is still listed and verified.
 */
export async function allTenantIds(db: Queryable): Promise<string[]> {
  const rows = await query<{ id: string }>(db, `/* allTenantIds */ SELECT id FROM tenants ORDER BY id`);
  return rows.map((row) => row.id);
}

/** Whether a tenant of this id exists. */
export async function tenantExists(db: Queryable, tenantId: string): Promise<boolean> {
  return (await query(db, `/* tenantExists */ SELECT 1 FROM tenants WHERE id = $1`, [tenantId])).length === 1;
}

/** Every tenant whose chain has an entry, in a stable order (what `audit sign` signs). */
export async function tenantsWithEntries(db: Queryable): Promise<string[]> {
  const rows = await query<{ tenantId: string }>(
    db,
    `/* tenantsWithEntries */ SELECT tenant_id AS "tenantId" FROM audit_heads WHERE seq > 0 ORDER BY tenant_id`,
  );
  return rows.map((row) => row.tenantId);
}

/** A stored entry: the record, and the `at` column kept beside the hashed text. */
export interface StoredEntry extends ChainRecord {
  at: Date;
  kind: string;
  actor: string;
  subject: string;
  detail: unknown;
}

/** Entries after `afterSeq`, by seq, at most `limit`. */
export async function entriesAfter(db: Queryable, tenantId: string, afterSeq: number, limit: number): Promise<StoredEntry[]> {
  const rows = await query<Omit<StoredEntry, 'seq'> & { seq: string | bigint }>(
    db,
    `/* entriesAfter */
    SELECT seq, prev_hash AS "prevHash", hash, entry, at, kind, actor, subject, detail
      FROM audit_entries WHERE tenant_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [tenantId, afterSeq, limit],
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/**
 * The tenant's first entry of `kind` whose detail contains `match` (JSON
 * containment), or null: how a domain reads back what an act of record said,
 * from the text the chain covers.
 */
export async function findFirstEntry(db: Queryable, tenantId: string, kind: string, match: Record<string, unknown>): Promise<StoredEntry | null> {
  const rows = await query<Omit<StoredEntry, 'seq'> & { seq: string | bigint }>(
    db,
    `/* findFirstEntry */
    SELECT seq, prev_hash AS "prevHash", hash, entry, at, kind, actor, subject, detail
      FROM audit_entries WHERE tenant_id = $1::uuid AND kind = $2 AND detail @> $3::jsonb ORDER BY seq LIMIT 1`,
    [tenantId, kind, JSON.stringify(match)],
  );
  return rows[0] ? { ...rows[0], seq: Number(rows[0].seq) } : null;
}

/** An audit key as stored; `privateKey` sealed. */
export interface AuditKeyRow {
  kid: string;
  publicKey: string;
  privateKey: string;
  retiredAt: Date | null;
}

/** Adds the active key unless one exists (the unique index on the active key decides a race): true when this one was added. */
export async function insertActiveAuditKey(db: Queryable, key: Omit<AuditKeyRow, 'retiredAt'>): Promise<boolean> {
  const rows = await query(
    db,
    `/* insertActiveAuditKey */
    INSERT INTO audit_keys (kid, public_key, private_key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING kid`,
    [key.kid, key.publicKey, key.privateKey],
  );
  return rows.length === 1;
}

export async function findActiveAuditKey(db: Queryable): Promise<AuditKeyRow | null> {
  const rows = await query<AuditKeyRow>(
    db,
    `/* findActiveAuditKey */
    SELECT kid, public_key AS "publicKey", private_key AS "privateKey", retired_at AS "retiredAt" FROM audit_keys WHERE retired_at IS NULL`,
  );
  return rows[0] ?? null;
}

/** Retires the active key: it signs nothing more, and stays for verification forever. */
export async function retireActiveAuditKey(db: Queryable): Promise<void> {
  await query(db, `/* retireActiveAuditKey */ UPDATE audit_keys SET retired_at = now() WHERE retired_at IS NULL`);
}

/** Every audit key ever made, oldest first, public halves only. */
export async function listAuditPublicKeys(db: Queryable): Promise<{ kid: string; publicKey: string; createdAt: Date; retiredAt: Date | null }[]> {
  return query(
    db,
    `/* listAuditPublicKeys */
    SELECT kid, public_key AS "publicKey", created_at AS "createdAt", retired_at AS "retiredAt" FROM audit_keys ORDER BY created_at, kid`,
  );
}

/** Every audit key ever made, kid → public key, on the caller's handle (verify's snapshot transaction). */
export async function knownAuditKeys(db: Queryable): Promise<Map<string, string>> {
  return new Map((await listAuditPublicKeys(db)).map((key) => [key.kid, key.publicKey]));
}

/** A signed head as stored (the public key joined from its audit key). */
export interface SignedHeadRow {
  tenantId: string;
  seq: number;
  hash: string;
  kid: string;
  publicKey: string;
  signedAt: Date;
  signature: string;
}

const SIGNED_HEAD_COLUMNS = `s.tenant_id AS "tenantId", s.seq, s.hash, s.kid, k.public_key AS "publicKey", s.signed_at AS "signedAt", s.signature`;

function signedHeadOf(row: Omit<SignedHeadRow, 'seq'> & { seq: string | bigint }): SignedHeadRow {
  return { ...row, seq: Number(row.seq) };
}

/** Stores a signed head unless that head was signed already (then nothing: one signature per head). */
export async function insertSignedHead(db: Queryable, head: Omit<SignedHeadRow, 'publicKey'>): Promise<boolean> {
  const rows = await query(
    db,
    `/* insertSignedHead */
    INSERT INTO audit_signed_heads (tenant_id, seq, hash, kid, signed_at, signature) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (tenant_id, seq) DO NOTHING RETURNING seq`,
    [head.tenantId, head.seq, head.hash, head.kid, head.signedAt, head.signature],
  );
  return rows.length === 1;
}

export async function findSignedHead(db: Queryable, tenantId: string, seq: number): Promise<SignedHeadRow | null> {
  const rows = await query<Omit<SignedHeadRow, 'seq'> & { seq: string }>(
    db,
    `/* findSignedHead */
    SELECT ${SIGNED_HEAD_COLUMNS} FROM audit_signed_heads s JOIN audit_keys k ON k.kid = s.kid WHERE s.tenant_id = $1 AND s.seq = $2`,
    [tenantId, seq],
  );
  return rows[0] ? signedHeadOf(rows[0]) : null;
}

/** The tenant's most recent signed head. */
export async function latestSignedHead(db: Queryable, tenantId: string): Promise<SignedHeadRow | null> {
  const rows = await query<Omit<SignedHeadRow, 'seq'> & { seq: string }>(
    db,
    `/* latestSignedHead */
    SELECT ${SIGNED_HEAD_COLUMNS} FROM audit_signed_heads s JOIN audit_keys k ON k.kid = s.kid
     WHERE s.tenant_id = $1 ORDER BY s.seq DESC LIMIT 1`,
    [tenantId],
  );
  return rows[0] ? signedHeadOf(rows[0]) : null;
}

/**
 * Heads due for their hourly signature: moved since the tenant's last signed
 * head, and that one signed at least `everySeconds` ago (or none yet).
 */
export async function headsDueForSigning(db: Queryable, everySeconds: number, limit: number): Promise<{ tenantId: string; seq: number; hash: string }[]> {
  const rows = await query<{ tenantId: string; seq: string; hash: string }>(
    db,
    `/* headsDueForSigning */
    SELECT h.tenant_id AS "tenantId", h.seq, h.hash FROM audit_heads h
     WHERE h.seq > 0
       AND NOT EXISTS (SELECT 1 FROM audit_signed_heads s
                        WHERE s.tenant_id = h.tenant_id
                          AND (s.seq = h.seq OR s.signed_at > now() - $1 * interval '1 second'))
     ORDER BY h.tenant_id LIMIT $2`,
    [everySeconds, limit],
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}
