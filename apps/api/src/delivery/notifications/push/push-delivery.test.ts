import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { objectContaining, stringContaining } from '../../../../test/matchers.js';
import { devicesOf, registerDevice, serverVapidKey } from '../../../../test/push-kit.js';
import { startPushReceiver, type PushAnswer, type PushReceived } from '../../../../test/push-receiver.js';
import { text, waitFor, type TestApi } from '../../../../test/testkit.js';

/** The test server's public URL is http://127.0.0.1 (fixtures.ts): not https, so the VAPID subject is a mailto: on its host. */
const SUBJECT = 'mailto:countersign@127.0.0.1';

async function receiverFor(api: TestApi, answer?: PushAnswer) {
  return startPushReceiver({ vapidPublicKey: () => serverVapidKey(api), subject: SUBJECT, answer });
}

/** A fresh owner with one registered device at the receiver, and an agent of theirs that asks to mint a repository token. */
async function scene(api: TestApi, receiver: Awaited<ReturnType<typeof receiverFor>>) {
  const owner = await api.owner();
  const agent = await api.agent(owner, 'Billing bot');
  const repo = await api.repository(owner);
  const device = await registerDevice(api, owner, receiver.subscribe());
  const ask = () => api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
  return { owner, agent, device, ask, effect: `A write token for ${repo.name}, valid 3 hours` };
}

/** The push attempts recorded for the owner's device, oldest first. */
async function pushAttempts(api: TestApi, deviceId: string) {
  const { rows } = await api.db.pool.query<{ attempt: number; status: number | null; error: string | null; done: boolean }>(
    `SELECT a.attempt, a.status, a.error, o.done_at IS NOT NULL AS done FROM outbox_attempts a JOIN outbox o ON o.id = a.outbox_id
      WHERE o.channel = 'push' AND o.target = $1 ORDER BY a.at, a.attempt`,
    [deviceId],
  );
  return rows;
}

const messageOf = (received: PushReceived | undefined): unknown => JSON.parse(received?.plaintext ?? 'null');

describe('push to an owner’s devices', () => {
  apiTest('a request pushes an encrypted, VAPID-signed notification linking to its page; the decision closes it by the same tag', async ({ api }) => {
    const receiver = await receiverFor(api);
    try {
      const { owner, agent, device, ask, effect } = await scene(api, receiver);
      const id = await ask();
      await waitFor(() => receiver.received.length >= 1, 20_000);
      const [pushed] = receiver.received;
      expect(pushed).toMatchObject({ verified: true, error: null, claims: { aud: receiver.origin, sub: SUBJECT } });
      expect(pushed!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
      expect(messageOf(pushed)).toEqual({
        tag: `sign-off-${id}`,
        title: 'Billing bot asks for a sign-off',
        body: `${effect}\nMedium risk · 6 days left to decide\nAgent says: “please”`,
        url: `http://127.0.0.1/inbox/${id}`,
      });
      expect(agent.key.length).toBeGreaterThan(0);
      expect(pushed!.plaintext).not.toContain(agent.key);

      expect(await api.decide(owner.cookie, id, false, 'not now')).toMatchObject({ __typename: 'SignOffDecided' });
      await waitFor(() => receiver.received.length >= 2, 20_000);
      const closing = receiver.received[1];
      expect(closing).toMatchObject({ verified: true });
      expect(closing!.headers.topic).toBe(pushed!.headers.topic);
      expect(messageOf(closing)).toMatchObject({ tag: `sign-off-${id}`, close: true, url: `http://127.0.0.1/inbox/${id}` });
      await waitFor(async () => (await pushAttempts(api, text(device.id))).length === 2);
      expect((await devicesOf(api, owner))[0]?.lastUsedAt).not.toBeNull();
      expect(await pushAttempts(api, text(device.id))).toEqual([
        { attempt: 1, status: 201, error: null, done: true },
        { attempt: 1, status: 201, error: null, done: true },
      ]);
    } finally {
      await receiver.close();
    }
  });

  apiTest('a subscription the push service reports gone (410) deletes the device', async ({ api }) => {
    const receiver = await receiverFor(api, () => 410);
    try {
      const { owner, device, ask } = await scene(api, receiver);
      await ask();
      await waitFor(async () => (await devicesOf(api, owner)).length === 0, 20_000);
      expect(receiver.received).toHaveLength(1);
      expect(await pushAttempts(api, text(device.id))).toEqual([{ attempt: 1, status: 410, error: stringContaining('gone'), done: true }]);
    } finally {
      await receiver.close();
    }
  });

  apiTest('a push service failing (500) is retried, each attempt recorded, until it takes the message', async ({ api }) => {
    const receiver = await receiverFor(api, (n) => (n === 1 ? 500 : 201));
    try {
      const { owner, device, ask } = await scene(api, receiver);
      const id = await ask();
      await waitFor(async () => (await pushAttempts(api, text(device.id))).some((attempt) => attempt.done), 20_000);
      expect(await pushAttempts(api, text(device.id))).toEqual([
        { attempt: 1, status: 500, error: 'The push service answered 500', done: true },
        { attempt: 2, status: 201, error: null, done: true },
      ]);
      expect(receiver.received.map((received) => messageOf(received))).toEqual([
        objectContaining({ tag: `sign-off-${id}` }),
        objectContaining({ tag: `sign-off-${id}` }),
      ]);
      expect((await devicesOf(api, owner))[0]?.lastUsedAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  });
});
