import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, query, type Queryable } from '../../platform/db/sql.js';
import type { Logger } from '../../platform/logger.js';
import { finishEntry, type ClaimedEntry } from '../outbox/store.js';
import { planDeliveries, type AudienceOptions, type PlannedDelivery } from './audience.js';
import { parseEvent, type NotificationEvent } from './events.js';
import { readNotice } from './read-notice.js';

export interface FanOutOptions extends AudienceOptions {
  publicUrl: string;
  /** Tells this instance's worker that the rows just written are due. */
  wake(): void;
}

/**
 * Turns one `event` row into its deliveries, in one transaction: the event
 * row is finished (fenced by its attempt, so of two instances racing for it
 * only one writes anything) and one row per endpoint, inbox and device is
 * written, each under the event's id (a unique index makes a repeat write
 * nothing). What is told is read now, when the event is fanned out.
 */
export function eventFanOut(pool: pg.Pool, log: Logger, options: FanOutOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    let event: NotificationEvent;
    try {
      event = parseEvent(entry.payload);
    } catch (error) {
      // A row that does not fit the event map never will: finished, so it cannot hold the request's later notifications.
      log.error({ outboxId: entry.id, err: (error as Error).message }, 'an outbox event does not fit the event map; dropped');
      await finishEntry(pool, entry.id, entry.attempt);
      return;
    }
    const written = await inTransaction(pool, async (tx) => {
      if (!(await finishEntry(tx, entry.id, entry.attempt))) return 0;
      const notice = await readNotice(tx, { eventId: entry.eventId!, tenantId: entry.tenantId, at: entry.eventAt! }, event, options.publicUrl);
      if (!notice) return 0;
      const planned = await planDeliveries(tx, notice, options);
      await insertDeliveries(tx, entry, planned);
      return planned.length;
    });
    if (written > 0) options.wake();
    log.debug({ eventId: entry.eventId, event: entry.event, deliveries: written }, 'notification event fanned out');
  };
}

async function insertDeliveries(tx: Queryable, entry: ClaimedEntry, planned: PlannedDelivery[]): Promise<void> {
  if (planned.length === 0) return;
  await query(
    tx,
    `/* insertDeliveries */
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, give_up_at, event_id, event, event_at)
    SELECT p.id, $1::uuid, p.channel, $2::uuid, p.target, p.payload, now() + interval '24 hours', $3::uuid, $4, $5::timestamptz
      FROM unnest($6::uuid[], $7::text[], $8::text[], $9::text[]) AS p (id, channel, target, payload)
    ON CONFLICT DO NOTHING`,
    [
      entry.tenantId,
      entry.signOffId,
      entry.eventId,
      entry.event,
      entry.eventAt,
      planned.map(() => randomUUID()),
      planned.map((p) => p.channel),
      planned.map((p) => p.target),
      planned.map((p) => p.payload),
    ],
  );
}
