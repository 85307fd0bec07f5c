import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import webpush from 'web-push';
import { describe, expect } from 'vitest';
import { dbTest, testLog } from '../../../../test/fixtures.js';
import { objectContaining, stringContaining } from '../../../../test/matchers.js';
import { startPushReceiver } from '../../../../test/push-receiver.js';
import { unique } from '../../../../test/testkit.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import { claimDue } from '../../outbox/store.js';
import { upsertDevice } from './devices-store.js';
import type { PushMessage } from './message.js';
import { pushDeliverer } from './push-delivery.js';
import { createVapid } from './vapid.js';

const MESSAGE: PushMessage = { tag: 'sign-off-x', title: 'Billing bot asks: Pay INV-7', body: 'Pays it', url: 'http://127.0.0.1/inbox/x' };

/** An owner with one device at `endpoint` and one due push row for it, claimed as the worker would; returns the claim. */
async function claimedPush(pool: pg.Pool, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const { rows } = await pool.query<{ tenantId: string; ownerId: string }>(
    `WITH t AS (INSERT INTO tenants (id, slug, name) VALUES (gen_random_uuid(), $1, $1) RETURNING id)
     INSERT INTO owners (tenant_id, id, email, password_hash) SELECT t.id, gen_random_uuid(), $2, 'x' FROM t RETURNING tenant_id AS "tenantId", id AS "ownerId"`,
    [unique('tenant'), `${unique('owner')}@example.com`],
  );
  const { tenantId, ownerId } = rows[0]!;
  const device = await upsertDevice(pool, { tenantId, ownerId, id: randomUUID(), name: 'Laptop', endpoint: subscription.endpoint, ...subscription.keys });
  if (device === 'too-many') throw new Error('unexpected');
  await pool.query(
    `INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
     VALUES (gen_random_uuid(), $1, 'push', $2, $3, now() + interval '1 day', gen_random_uuid(), 'SIGN_OFF_REQUESTED', now())`,
    [tenantId, device.id, JSON.stringify(MESSAGE)],
  );
  const [entry] = await claimDue(pool, 1, 30_000);
  return { tenantId, deviceId: device.id, entry: entry! };
}

async function attemptsOf(pool: pg.Pool, outboxId: string) {
  const { rows } = await pool.query<{ status: number | null; error: string | null; done: boolean }>(
    `SELECT a.status, a.error, o.done_at IS NOT NULL AS done FROM outbox_attempts a JOIN outbox o ON o.id = a.outbox_id WHERE o.id = $1 ORDER BY a.attempt`,
    [outboxId],
  );
  return rows;
}

const options = { retryBaseMs: 100, production: false };

describe('a push delivery', () => {
  dbTest('to a device removed meanwhile sends nothing and finishes, the attempt saying why', async ({ database }) => {
    const vapid = createVapid(database.pool, new SecretBox(Buffer.alloc(32, 7)), 'http://127.0.0.1');
    const receiver = await startPushReceiver({ vapidPublicKey: () => vapid.publicKey(), subject: 'mailto:countersign@127.0.0.1' });
    try {
      const { tenantId, deviceId, entry } = await claimedPush(database.pool, receiver.subscribe());
      await database.pool.query('DELETE FROM push_devices WHERE tenant_id = $1 AND id = $2', [tenantId, deviceId]);
      await pushDeliverer(database.pool, testLog, vapid, options)(entry);
      expect(receiver.received).toEqual([]);
      expect(await attemptsOf(database.pool, entry.id)).toEqual([{ status: null, error: 'The push device was removed.', done: true }]);
    } finally {
      await receiver.close();
    }
  });

  dbTest('to a loopback push endpoint is refused in production without a connection, and tried again later (SSRF)', async ({ database }) => {
    const vapid = createVapid(database.pool, new SecretBox(Buffer.alloc(32, 7)), 'https://countersign.example.com');
    const receiver = await startPushReceiver({ vapidPublicKey: () => vapid.publicKey(), subject: 'https://countersign.example.com/' });
    try {
      const { entry } = await claimedPush(database.pool, receiver.subscribe());
      await pushDeliverer(database.pool, testLog, vapid, { ...options, production: true })(entry);
      expect(receiver.received).toEqual([]);
      expect(await attemptsOf(database.pool, entry.id)).toEqual([{ status: null, error: stringContaining('refused'), done: false }]);
    } finally {
      await receiver.close();
    }
  });

  dbTest('signed with another VAPID key than the server’s is refused by the test push service (its check is real)', async ({ database }) => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const vapid = createVapid(database.pool, box, 'http://127.0.0.1');
    const other = webpush.generateVAPIDKeys();
    const impostor = { publicKey: () => Promise.resolve(other.publicKey), details: async () => ({ ...(await vapid.details()), ...other }) };
    const receiver = await startPushReceiver({ vapidPublicKey: () => vapid.publicKey(), subject: 'mailto:countersign@127.0.0.1' });
    try {
      const { entry } = await claimedPush(database.pool, receiver.subscribe());
      await pushDeliverer(database.pool, testLog, impostor, options)(entry);
      expect(receiver.received).toEqual([objectContaining({ verified: false, error: stringContaining("not the server's") })]);
      expect(await attemptsOf(database.pool, entry.id)).toEqual([{ status: 400, error: 'The push service answered 400', done: false }]);
    } finally {
      await receiver.close();
    }
  });
});
