import type pg from 'pg';
import type { SecretBox } from './sealed.js';

const PURPOSE = 'sealing canary';
const CANARY = 'countersign sealing canary';

/** A secret sealed before the canary existed, and what it was sealed for. */
export interface SealedValue {
  sealed: string;
  purpose: string;
}

/** The key this process seals with is not the one the database's secrets are sealed with. The key itself is never named. */
export class SealingKeyMismatchError extends Error {
  constructor() {
    super(
      "COUNTERSIGN_SECRET_KEY is not the key this database's secrets are sealed with (its sealing canary does not open): " +
        'give this instance the key the others use (or the one the backup was taken with); nothing was started.',
    );
    this.name = 'SealingKeyMismatchError';
  }
}

/**
 * Proves the sealing key before anything serves. The first start seals the
 * canary, but only after `older` (a secret sealed before the canary existed,
 * when there is one) opened with the key, so a database that predates the
 * canary does not get one sealed under a wrong key. Every later
 * start opens it. Two instances starting at once insert one row: the loser
 * reads the winner's.
 */
export async function checkSealingCanary(pool: pg.Pool, box: SecretBox, older: () => Promise<SealedValue | null>): Promise<void> {
  const existing = await readCanary(pool);
  if (existing !== undefined) return opens(box, existing, PURPOSE);
  const before = await older();
  if (before) opens(box, before.sealed, before.purpose);
  await pool.query(`/* sealCanary */ INSERT INTO sealing_canary (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [box.seal(CANARY, PURPOSE)]);
  opens(box, (await readCanary(pool))!, PURPOSE);
}

async function readCanary(pool: pg.Pool): Promise<string | undefined> {
  const { rows } = await pool.query<{ sealed: string }>(`/* readCanary */ SELECT sealed FROM sealing_canary WHERE id = 1`);
  return rows[0]?.sealed;
}

function opens(box: SecretBox, sealed: string, purpose: string): void {
  try {
    box.open(sealed, purpose);
  } catch {
    throw new SealingKeyMismatchError();
  }
}
