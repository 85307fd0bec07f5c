import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { dbTest, testLog } from '../../../test/fixtures.js';
import { claimDue, type ClaimedEntry } from '../outbox/store.js';
import type { DeliverEntry } from '../outbox/worker.js';
import { byChannel } from './channels.js';

const throwing: DeliverEntry = () => Promise.reject(new Error('an adapter that cannot settle'));

describe('the channel dispatcher', () => {
  dbTest('finishes a notification row claimed past its give-up time without sending it, and hands the rest to their adapter', async ({ database }) => {
    const tenant = randomUUID();
    const seed = (giveUp: string) =>
      database.pool.query(
        `INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
         VALUES (gen_random_uuid(), $1, 'endpoint', 'x', '{}', now() + $2::interval, gen_random_uuid(), 'AGENT_REVOKED', now())`,
        [tenant, giveUp],
      );
    await seed('-1 second');
    await seed('1 hour');
    const handed: ClaimedEntry[] = [];
    const deliver = byChannel(database.pool, testLog, {
      webhook: throwing,
      event: throwing,
      email: throwing,
      digest: throwing,
      push: throwing,
      endpoint: (entry) => {
        handed.push(entry);
        return Promise.resolve();
      },
    });
    for (const entry of await claimDue(database.pool, 10, 30_000)) await deliver(entry);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.giveUpAt.getTime()).toBeGreaterThan(Date.now());
    const { rows } = await database.pool.query<{ done: boolean; error: string | null }>(
      `SELECT o.done_at IS NOT NULL AS done, a.error FROM outbox o LEFT JOIN outbox_attempts a ON a.outbox_id = o.id ORDER BY o.give_up_at`,
    );
    expect(rows).toEqual([
      { done: true, error: 'Given up: not delivered in time.' },
      { done: false, error: null },
    ]);
  });
});
