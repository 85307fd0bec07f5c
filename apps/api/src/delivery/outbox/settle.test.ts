import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { retryDelayMs } from './retry-delay.js';
import { applySettlement, settleAttempt } from './settle.js';
import { claimDue } from './store.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const BASE_MS = 4000;
/** A draw of 1: the longest wait of an attempt, 4 s for the first with the default base. */
const longest = () => 1;
const dueIn = (ms: number) => new Date(NOW + ms);

describe('settleAttempt', () => {
  test('an attempt that needs no other finishes the row, whatever the time left', () => {
    expect(settleAttempt({ attempt: 1, giveUpAt: dueIn(60_000) }, true, BASE_MS, NOW, longest)).toEqual({ kind: 'finish', gaveUp: false });
    expect(settleAttempt({ attempt: 9, giveUpAt: dueIn(-60_000) }, true, BASE_MS, NOW, longest)).toEqual({ kind: 'finish', gaveUp: false });
  });

  test('a failed attempt is tried again after the retry delay while the wait ends by the give-up time', () => {
    expect(settleAttempt({ attempt: 1, giveUpAt: dueIn(60_000) }, false, BASE_MS, NOW, longest)).toEqual({ kind: 'retry', delayMs: 4000 });
    expect(settleAttempt({ attempt: 3, giveUpAt: dueIn(60_000) }, false, BASE_MS, NOW, () => 0)).toEqual({ kind: 'retry', delayMs: 8000 });
    // Ending exactly at the give-up time still counts as within it.
    expect(settleAttempt({ attempt: 1, giveUpAt: dueIn(4000) }, false, BASE_MS, NOW, longest)).toEqual({ kind: 'retry', delayMs: 4000 });
  });

  test('a failed attempt whose wait would end past the give-up time gives up', () => {
    expect(settleAttempt({ attempt: 1, giveUpAt: dueIn(3999) }, false, BASE_MS, NOW, longest)).toEqual({ kind: 'finish', gaveUp: true });
    expect(settleAttempt({ attempt: 2, giveUpAt: dueIn(-1) }, false, BASE_MS, NOW, () => 0)).toEqual({ kind: 'finish', gaveUp: true });
  });

  test('reads the clock and Math.random by default', () => {
    const far = settleAttempt({ attempt: 1, giveUpAt: new Date(Date.now() + 86_400_000) }, false, BASE_MS);
    expect(far.kind).toBe('retry');
    if (far.kind === 'retry') expect(far.delayMs).toBeGreaterThanOrEqual(2000);
    if (far.kind === 'retry') expect(far.delayMs).toBeLessThanOrEqual(4000);
    expect(settleAttempt({ attempt: 1, giveUpAt: new Date(Date.now() - 1) }, false, BASE_MS)).toEqual({ kind: 'finish', gaveUp: true });
  });

  test('retries exactly when the attempt is not final and its retry delay ends by the give-up time (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 80 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.integer({ min: -3_600_000, max: 2 * 86_400_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        (attempt, base, left, r, final) => {
          const settlement = settleAttempt({ attempt, giveUpAt: dueIn(left) }, final, base, NOW, () => r);
          const delayMs = retryDelayMs(attempt, base, () => r);
          if (final) expect(settlement).toEqual({ kind: 'finish', gaveUp: false });
          else if (delayMs <= left) expect(settlement).toEqual({ kind: 'retry', delayMs });
          else expect(settlement).toEqual({ kind: 'finish', gaveUp: true });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('applySettlement', () => {
  dbTest('finishes or reschedules the row, only for the attempt that holds it', async ({ database }) => {
    const seed = async () => {
      const rows = await database.pool.query<{ id: string }>(
        `INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at)
         VALUES (gen_random_uuid(), gen_random_uuid(), 'webhook', 'http://127.0.0.1:9/hook', '{}', now() - interval '1 second', now() + interval '1 day')
         RETURNING id`,
      );
      return rows.rows[0]!.id;
    };
    const state = async (id: string) =>
      (
        await database.pool.query<{ done: boolean; waitS: number }>(
          `SELECT done_at IS NOT NULL AS done, round(extract(epoch FROM due_at - now()))::int AS "waitS" FROM outbox WHERE id = $1`,
          [id],
        )
      ).rows[0]!;
    const retried = await seed();
    const finished = await seed();
    const claimed = await claimDue(database.pool, 10, 30_000);
    const entry = (id: string) => claimed.find((row) => row.id === id)!;

    // A worker whose lease ran out (an older attempt number) settles nothing.
    expect(await applySettlement(database.pool, { id: retried, attempt: 0 }, { kind: 'retry', delayMs: 0 })).toBe(false);
    expect(await applySettlement(database.pool, { id: finished, attempt: 0 }, { kind: 'finish', gaveUp: false })).toBe(false);

    expect(await applySettlement(database.pool, entry(retried), { kind: 'retry', delayMs: 600_000 })).toBe(true);
    expect(await state(retried)).toEqual({ done: false, waitS: 600 });
    expect(await applySettlement(database.pool, entry(finished), { kind: 'finish', gaveUp: true })).toBe(true);
    expect((await state(finished)).done).toBe(true);
    expect(await applySettlement(database.pool, entry(finished), { kind: 'finish', gaveUp: false })).toBe(false);
  });
});
