import type { Db } from '../db/database.js';

export async function insertSetupToken(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.setupToken.create({ data: { tokenHash, expiresAt } });
}

/** Whether a token could still be claimed (a hint: only `claimSetupToken` decides). */
export async function isSetupTokenUsable(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    /* isSetupTokenUsable */
    SELECT 1 FROM setup_tokens WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()`;
  return rows.length > 0;
}

/** Marks a setup token used, once: only one caller can ever get `true`. */
export async function claimSetupToken(db: Db, tokenHash: string): Promise<boolean> {
  const claimed = await db.$executeRaw`
    /* claimSetupToken */
    UPDATE setup_tokens SET used_at = now()
     WHERE token_hash = ${tokenHash} AND used_at IS NULL /* guard: a setup token is used once */ AND expires_at > now() /* guard: an expired setup token claims nothing */`;
  return claimed === 1;
}

/**
 * Serialises setups for the rest of the transaction, so two instances cannot
 * both see "no owner yet" and both create one.
 */
export async function lockSetup(db: Db): Promise<void> {
  await db.$executeRaw`/* lockSetup */ SELECT pg_advisory_xact_lock(hashtext('countersign.setup'))`;
}
