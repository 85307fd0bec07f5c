import { EVENTS_CHANNEL, PAYLOAD_FIELDS, type Topic, type Topics } from './topics.js';

/** For each field of a topic's payload, the SQL expression (a column, a `$n` parameter) that gives its value. */
export type PayloadSql<T extends Topic> = { [K in keyof Topics[T]]-?: string };

/**
 * The SQL expression that announces one event from inside a statement (a
 * `LATERAL (SELECT <this>)` over the rows a statement changed), for stores
 * whose change and announcement are one statement. Built from the typed
 * topic map: the payload must name every field of `Topics[T]` and no other,
 * and each value is cast to the JSON type the subscriber expects, so what a
 * statement announces cannot drift from what `publishEvent` sends. The
 * expressions are SQL written by the store, never input.
 */
export function notifySql<T extends Topic>(topic: T, tenantId: string, payload: PayloadSql<T>): string {
  const fields = PAYLOAD_FIELDS[topic] as Record<string, 'string'>;
  const values = payload as Record<string, string>;
  const extra = Object.keys(values).filter((field) => !(field in fields));
  if (extra.length > 0) throw new Error(`${topic} has no payload field ${extra.join(', ')}`);
  const pairs = Object.keys(fields).map((field) => `'${field}', (${values[field]})::text`);
  return `pg_notify('${EVENTS_CHANNEL}', json_build_object('topic', '${topic}', 'tenantId', (${tenantId})::text, 'payload', json_build_object(${pairs.join(', ')}))::text)`;
}
