import { query, type Queryable } from '../../platform/db/sql.js';

export async function insertSetupToken(db: Queryable, tokenHash: string, expiresAt: Date): Promise<void> {
  await query(db, `/* insertSetupToken */ INSERT INTO setup_tokens (token_hash, expires_at) VALUES ($1, $2::timestamptz) RETURNING token_hash`, [
    tokenHash,
    expiresAt,
  ]);
}

/** When the latest unused, unexpired setup token expires; null when there is none. */
export async function findOutstandingSetupToken(db: Queryable): Promise<Date | null> {
  const rows = await query<{ expires_at: Date }>(
    db,
    `/* findOutstandingSetupToken */
    SELECT expires_at FROM setup_tokens WHERE used_at IS NULL AND expires_at > now() ORDER BY expires_at DESC LIMIT 1`,
  );
  return rows[0]?.expires_at ?? null;
}

/** Deletes every unused setup token: the links printed so far stop working. */
export async function deleteUnusedSetupTokens(db: Queryable): Promise<void> {
  await query(db, `/* deleteUnusedSetupTokens */ DELETE FROM setup_tokens WHERE used_at IS NULL RETURNING token_hash`);
}

/** Whether a token could still be claimed (a hint: only `claimSetupToken` decides). */
export async function isSetupTokenUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* isSetupTokenUsable */
    SELECT 1 AS usable FROM setup_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return rows.length > 0;
}

/** Marks a setup token used, once: only one caller can ever get `true`. */
export async function claimSetupToken(db: Queryable, tokenHash: string): Promise<boolean> {
  const claimed = await query(
    db,
    `/* claimSetupToken */
    UPDATE setup_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL /* guard: a setup token is used once */ AND expires_at > now() /* guard: an expired setup token claims nothing */
    RETURNING token_hash`,
    [tokenHash],
  );
  return claimed.length === 1;
}

/**
 * Serialises setups for the rest of the transaction, so two instances cannot
 * both see "no owner yet" and both create one.
 */
export async function lockSetup(db: Queryable): Promise<void> {
  await query(db, `/* lockSetup */ SELECT pg_advisory_xact_lock(hashtext('countersign.setup'))::text AS locked`);
}
