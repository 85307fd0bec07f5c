import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { query } from '../db/sql.js';
import { notifySql, type PayloadSql } from './notify-sql.js';
import { publishEvent } from './publish.js';
import { EVENTS_CHANNEL, PAYLOAD_FIELDS, type BusEvent, type Topic, type Topics } from './topics.js';

const TOPICS = Object.keys(PAYLOAD_FIELDS) as Topic[];

/** A LISTEN connection that hands over the next event on the channel. */
async function listen(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const received: unknown[] = [];
  let wake: (() => void) | undefined;
  client.on('notification', (message) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    received.push(JSON.parse(message.payload));
    wake?.();
  });
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  return {
    async next(): Promise<unknown> {
      while (received.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return received.shift();
    },
    end: () => client.end(),
  };
}

/** Sample values for a topic's payload: ids as the uuids the tables hold, `kind` as one of its values. */
function samplePayload<T extends Topic>(topic: T): Topics[T] {
  return Object.fromEntries(Object.keys(PAYLOAD_FIELDS[topic]).map((field) => [field, field === 'kind' ? 'CREATED' : randomUUID()])) as Topics[T];
}

/** Holds an event to its topic's declared payload: the same fields, each of its declared JSON type. */
function expectDeclared(event: unknown, topic: Topic, tenantId: string, payload: Record<string, string>): void {
  const { payload: received, ...envelope } = event as BusEvent;
  expect(envelope).toEqual({ topic, tenantId });
  const declared = PAYLOAD_FIELDS[topic] as Record<string, string>;
  expect(Object.keys(received).sort()).toEqual(Object.keys(declared).sort());
  for (const [field, value] of Object.entries(received)) expect(typeof value, `${topic}.${field}`).toBe(declared[field]);
  expect(received).toEqual(payload);
}

describe('announcing a change', () => {
  dbTest('sends every topic from SQL with exactly its declared payload fields and types', async ({ database }) => {
    const listener = await listen(database.url);
    try {
      for (const topic of TOPICS) {
        const tenantId = randomUUID();
        const payload = samplePayload(topic) as Record<string, string>;
        // As a store writes it: columns of uuid type (here parameters cast to uuid), announced in the same statement.
        const fields = Object.keys(payload);
        const sql = Object.fromEntries(fields.map((field, i) => [field, field === 'kind' ? `$${i + 2}` : `$${i + 2}::uuid`])) as PayloadSql<typeof topic>;
        await query(database.pool, `SELECT ${notifySql(topic, '$1::uuid', sql)}`, [tenantId, ...fields.map((field) => payload[field])]);
        expectDeclared(await listener.next(), topic, tenantId, payload);
      }
    } finally {
      await listener.end();
    }
  });

  dbTest('sends every topic from publishEvent with the same payload as from SQL', async ({ database }) => {
    const listener = await listen(database.url);
    try {
      for (const topic of TOPICS) {
        const tenantId = randomUUID();
        const payload = samplePayload(topic);
        await publishEvent(database.pool, tenantId, topic, payload);
        expectDeclared(await listener.next(), topic, tenantId, payload);
      }
    } finally {
      await listener.end();
    }
  });

  test('refuses to build an announcement naming a field its topic does not have', () => {
    const payload = { signOffId: 'changed.id', ownerId: 'changed.owner_id', agentId: 'changed.agent_id', extra: 'changed.extra' };
    expect(() => notifySql('SIGN_OFF_CHANGED', 'changed.tenant_id', payload)).toThrow('SIGN_OFF_CHANGED has no payload field extra');
  });
});
