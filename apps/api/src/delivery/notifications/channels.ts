import type pg from 'pg';
import { inTransaction } from '../../platform/db/sql.js';
import type { Logger } from '../../platform/logger.js';
import type { DeliverEntry } from '../outbox/worker.js';
import { finishEntry, recordAttempt, type OutboxChannel } from '../outbox/store.js';

/**
 * One deliverer per outbox channel: the worker hands each claimed row to its
 * channel's adapter. A record over the closed channel union, so a channel
 * added to the outbox without an adapter fails to compile.
 *
 * A notification row claimed past its `give_up_at` is finished here without
 * being sent, its attempt saying so. Adapters give up themselves after a
 * failed attempt; this catches a row whose adapter throws before it can
 * settle (a bug, a key that no longer opens), which would otherwise come
 * back every lease for good and hold the request's later notifications
 * behind it (docs/notifications.md, N5). WEBHOOK-operation rows keep their
 * own give-up, which also fails their request.
 */
export function byChannel(pool: pg.Pool, log: Logger, deliverers: Record<OutboxChannel, DeliverEntry>): DeliverEntry {
  return async (entry) => {
    if (entry.channel !== 'webhook' && entry.giveUpAt.getTime() <= Date.now()) {
      await inTransaction(pool, async (tx) => {
        await recordAttempt(tx, { outboxId: entry.id, attempt: entry.attempt, status: null, latencyMs: 0, error: 'Given up: not delivered in time.' });
        await finishEntry(tx, entry.id, entry.attempt);
      });
      log.warn({ outboxId: entry.id, channel: entry.channel, event: entry.event }, 'a notification was given up undelivered');
      return;
    }
    await deliverers[entry.channel](entry);
  };
}
