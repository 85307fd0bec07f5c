import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import type { Database } from '../../platform/db/database.js';
import { claimDue, deleteOldNotifications, finishEntry, recordAttempt, rescheduleEntry } from './store.js';

const LEASE_MS = 30_000;

/** Outbox rows due now (no sign-off behind them: the claim rules are the outbox's own). */
async function seedRows(database: Database, count: number, extra = ''): Promise<string[]> {
  const tenant = randomUUID();
  const rows = await database.pool.query<{ id: string }>(
    `INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at ${extra ? ', done_at' : ''})
     SELECT gen_random_uuid(), $1, 'webhook', 'http://127.0.0.1:9/hook', '{}', now() - interval '1 second', now() + interval '1 day' ${extra}
       FROM generate_series(1, $2)
     RETURNING id`,
    [tenant, count],
  );
  return rows.rows.map((row) => row.id);
}

/** The lease ran out (its worker died): the row is due again. */
const expireLease = (database: Database, id: string) => database.pool.query(`UPDATE outbox SET due_at = now() - interval '1 second' WHERE id = $1`, [id]);

describe('the outbox claim statements', () => {
  dbTest('claim a due row once under a lease, and never a finished one', async ({ database }) => {
    const [id] = await seedRows(database, 1);
    await seedRows(database, 1, ', now()');
    const claimed = await claimDue(database.pool, 10, LEASE_MS);
    expect(claimed.map((row) => [row.id, row.attempt])).toEqual([[id, 1]]);
    // Leased: not due to anyone until the lease runs out.
    expect(await claimDue(database.pool, 10, LEASE_MS)).toEqual([]);
    await expireLease(database, id!);
    expect((await claimDue(database.pool, 10, LEASE_MS)).map((row) => row.attempt)).toEqual([2]);
  });

  dbTest('settle only by the latest claim, and only once', async ({ database }) => {
    const [id] = await seedRows(database, 1);
    await claimDue(database.pool, 1, LEASE_MS);
    await expireLease(database, id!);
    const [second] = await claimDue(database.pool, 1, LEASE_MS);
    expect(second).toMatchObject({ id, attempt: 2 });
    // The first worker comes back after its lease ran out: its settlement changes nothing.
    expect(await rescheduleEntry(database.pool, id!, 1, 0)).toBe(false);
    expect(await finishEntry(database.pool, id!, 1)).toBe(false);
    expect(await rescheduleEntry(database.pool, id!, 2, 60_000)).toBe(true);
    expect(await finishEntry(database.pool, id!, 2)).toBe(true);
    expect(await finishEntry(database.pool, id!, 2)).toBe(false);
    expect(await rescheduleEntry(database.pool, id!, 2, 0)).toBe(false);
    const row = await database.pool.query<{ done: boolean }>('SELECT done_at IS NOT NULL AS done FROM outbox WHERE id = $1', [id]);
    expect(row.rows[0]!.done).toBe(true);
    await recordAttempt(database.pool, { outboxId: id!, attempt: 2, status: 200, latencyMs: 3.4, error: null });
    await recordAttempt(database.pool, { outboxId: id!, attempt: 2, status: 500, latencyMs: 9, error: 'a repeat is ignored' });
    const attempts = await database.pool.query('SELECT attempt, status, latency_ms FROM outbox_attempts WHERE outbox_id = $1', [id]);
    expect(attempts.rows).toEqual([{ attempt: 2, status: 200, latency_ms: 3 }]);
  });

  dbTest('hand each due row to exactly one of many racing claims', async ({ database }) => {
    for (let round = 0; round < 3; round++) {
      const ids = await seedRows(database, 60);
      const claims = await Promise.all(Array.from({ length: 12 }, () => claimDue(database.pool, 8, LEASE_MS)));
      const claimed = claims.flat().map((row) => row.id);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.every((id) => ids.includes(id))).toBe(true);
      // Twelve claims of eight cover the sixty; whatever a claim skipped (locked by another) is still there for the next.
      const rest = await claimDue(database.pool, 100, LEASE_MS);
      expect(new Set([...claimed, ...rest.map((row) => row.id)])).toEqual(new Set(ids));
    }
  });

  dbTest('forget notification rows done over 30 days ago, with their attempts, and keep the rest', async ({ database }) => {
    const tenant = randomUUID();
    const seed = (doneAgo: string | null, eventId: string | null) =>
      database.pool.query<{ id: string }>(
        `INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, done_at, event_id, event, event_at)
         VALUES (gen_random_uuid(), $1, CASE WHEN $3::uuid IS NULL THEN 'webhook' ELSE 'endpoint' END, 'x', '{}', now(),
                 now() - $2::interval, $3::uuid, CASE WHEN $3::uuid IS NOT NULL THEN 'AGENT_REVOKED' END, CASE WHEN $3::uuid IS NOT NULL THEN now() END)
         RETURNING id`,
        [tenant, doneAgo, eventId],
      );
    const old = (await seed('31 days', randomUUID())).rows[0]!.id;
    await recordAttempt(database.pool, { outboxId: old, attempt: 1, status: 200, latencyMs: 5, error: null });
    const recent = (await seed('29 days', randomUUID())).rows[0]!.id;
    const waiting = (await seed(null, randomUUID())).rows[0]!.id;
    const operation = (await seed('90 days', null)).rows[0]!.id;
    expect(await deleteOldNotifications(database.pool)).toBe(1);
    const left = await database.pool.query<{ id: string }>('SELECT id FROM outbox ORDER BY id');
    expect(left.rows.map((row) => row.id).sort()).toEqual([recent, waiting, operation].sort());
    const attempts = await database.pool.query('SELECT 1 FROM outbox_attempts WHERE outbox_id = $1', [old]);
    expect(attempts.rows).toHaveLength(0);
  });
});
