import { query, type Queryable } from '../../../platform/db/sql.js';

export interface ApprovalKeyRow {
  kid: string;
  publicJwk: Record<string, unknown>;
  /** Sealed. */
  privateJwk: string;
}

/** Adds an active key unless one exists (the unique index on the active key decides a race): true when this one was added. */
export async function insertActiveKey(db: Queryable, key: ApprovalKeyRow): Promise<boolean> {
  const rows = await query(
    db,
    `/* insertActiveKey */
    INSERT INTO approval_keys (kid, public_jwk, private_jwk) VALUES ($1, $2::jsonb, $3) ON CONFLICT DO NOTHING RETURNING kid`,
    [key.kid, JSON.stringify(key.publicJwk), key.privateJwk],
  );
  return rows.length === 1;
}

export async function findActiveKey(db: Queryable): Promise<ApprovalKeyRow | null> {
  const rows = await query<ApprovalKeyRow>(
    db,
    `/* findActiveKey */ SELECT kid, public_jwk AS "publicJwk", private_jwk AS "privateJwk" FROM approval_keys WHERE retired_at IS NULL`,
  );
  return rows[0] ?? null;
}

/** Retires the active key (its tokens still verify while it stays published). */
export async function retireActiveKey(db: Queryable): Promise<void> {
  await query(db, `/* retireActiveKey */ UPDATE approval_keys SET retired_at = now() WHERE retired_at IS NULL`);
}

/**
 * The public keys to publish: the active one and every one retired within
 * `keepSeconds` (the longest a token it signed can still be valid, plus
 * the time a signer may still hold it cached).
 */
export async function publishedKeys(db: Queryable, keepSeconds: number): Promise<Record<string, unknown>[]> {
  const rows = await query<{ publicJwk: Record<string, unknown> }>(
    db,
    `/* publishedKeys */
    SELECT public_jwk AS "publicJwk" FROM approval_keys
     WHERE retired_at IS NULL OR retired_at > now() - $1 * interval '1 second'
     ORDER BY created_at DESC`,
    [keepSeconds],
  );
  return rows.map((row) => row.publicJwk);
}
