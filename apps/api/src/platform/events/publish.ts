import { query, type Queryable } from '../db/sql.js';
import { EVENTS_CHANNEL, type BusEvent, type Topic, type Topics } from './topics.js';

/**
 * Queues an event in the caller's transaction: PostgreSQL delivers a NOTIFY
 * only when its transaction commits, so an event is seen exactly when the
 * change it announces is.
 */
export async function publishEvent<T extends Topic>(db: Queryable, tenantId: string, topic: T, payload: Topics[T]): Promise<void> {
  const event: BusEvent<T> = { topic, tenantId, payload };
  await query(db, `/* publishEvent */ SELECT pg_notify($1, $2)::text`, [EVENTS_CHANNEL, JSON.stringify(event)]);
}
