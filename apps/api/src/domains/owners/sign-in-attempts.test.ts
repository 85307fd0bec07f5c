import type { Pool } from 'pg';
import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { countSignInAttempt, deleteOldSignInAttempts, giveBackSignInAttempt } from './throttle-store.js';

async function attempts(database: { pool: Pool }): Promise<Record<string, number>> {
  const { rows } = await database.pool.query<{ kind: string; attempts: number }>('SELECT kind, attempts FROM sign_in_attempts');
  return Object.fromEntries(rows.map((row) => [row.kind, row.attempts]));
}

// The sign-in service gives an attempt back at most once and the sweep runs
// on a quiet table in its tests, so neither reaches the rows these rules are
// for: these hold the statements to them directly.
describe('the sign-in attempt counters', () => {
  dbTest('never count below zero when an attempt is given back twice', async ({ database }) => {
    const counted = await countSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1');
    await giveBackSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1', counted);
    expect(await attempts(database)).toEqual({ ADDRESS_FROM_CLIENT: 0, CLIENT: 0, ADDRESS: 0 });
    await giveBackSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1', counted);
    expect(await attempts(database)).toEqual({ ADDRESS_FROM_CLIENT: 0, CLIENT: 0, ADDRESS: 0 });
  });

  dbTest('give an attempt back only to the window it was counted in, never to the window that replaced it', async ({ database }) => {
    const old = await countSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1');
    // The window ends and a new attempt opens the next one.
    await database.pool.query(`UPDATE sign_in_attempts SET window_started_at = window_started_at - interval '15 minutes'`);
    await countSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1');
    await giveBackSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1', old);
    expect(await attempts(database)).toEqual({ ADDRESS_FROM_CLIENT: 1, CLIENT: 1, ADDRESS: 1 });
  });

  dbTest('are swept only once their window is over', async ({ database }) => {
    await countSignInAttempt(database.pool, 'owner@example.com', '192.0.2.1');
    expect(await deleteOldSignInAttempts(database.pool)).toBe(0);
    expect(await attempts(database)).toEqual({ ADDRESS_FROM_CLIENT: 1, CLIENT: 1, ADDRESS: 1 });
    await database.pool.query(`UPDATE sign_in_attempts SET window_started_at = now() - interval '15 minutes'`);
    expect(await deleteOldSignInAttempts(database.pool)).toBe(3);
  });
});
