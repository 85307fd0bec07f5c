import { describe, expect } from 'vitest';
import { dbTest } from '../fixtures.js';
import { createEndpoint, distinct, typeOf } from '../notify-kit.js';
import { registerDevice, serverVapidKey } from '../push-kit.js';
import { startPushReceiver } from '../push-receiver.js';
import { startSmtpReceiver } from '../smtp-receiver.js';
import { startReceiver } from '../webhook-receiver.js';
import { TestApi, waitFor } from '../testkit.js';
import { EventBus } from '../../src/platform/events/bus.js';
import { createLogger } from '../../src/platform/logger.js';
import { type ApiProcess, spawnApi } from '../spawn-api.js';

const PUBLIC_URL = 'https://countersign.example';

describe('notifications across API processes', () => {
  dbTest(
    'a request made through one instance reaches a webhook, an inbox and a device exactly once each (by their stable ids), though that instance is SIGKILLed mid-delivery and the other takes over',
    async ({ database }) => {
      let held = 0;
      const webhook = await startReceiver((n, _received, response) => {
        // The first attempt is held unanswered: its instance dies while it waits.
        if (n === 1) held += 1;
        else response.writeHead(200).end();
      });
      const smtp = await startSmtpReceiver();
      const bus = new EventBus(database.url, createLogger('silent'));
      const api = new TestApi('', database, bus);
      // The VAPID subject is the public URL (https), as a URL: with its trailing slash.
      const push = await startPushReceiver({ vapidPublicKey: () => serverVapidKey(api), subject: `${PUBLIC_URL}/` });
      const env = {
        COUNTERSIGN_DELIVERY_LEASE_MS: '1500',
        COUNTERSIGN_DELIVERY_POLL_MS: '100',
        COUNTERSIGN_PUBLIC_URL: PUBLIC_URL,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Countersign <countersign@example.test>',
      };
      // The first instance's claims hold, and its held attempt waits, long enough for the second to start
      // however slowly a loaded machine spawns it: the attempt must still be in flight when its instance dies.
      const first = await spawnApi(database.url, { ...env, COUNTERSIGN_DELIVERY_LEASE_MS: '25000', COUNTERSIGN_DELIVERY_TIMEOUT_MS: '24000' });
      let second: ApiProcess | undefined;
      try {
        const viaFirst = new TestApi(first.url, database, bus);
        const owner = await viaFirst.owner();
        const endpoint = await createEndpoint(viaFirst, owner, { url: webhook.url, events: ['SIGN_OFF_REQUESTED'] });
        webhook.secret.value = endpoint.secret;
        await registerDevice(viaFirst, owner, push.subscribe());
        const agent = await viaFirst.agent(owner);
        const repo = await viaFirst.repository(owner);
        const id = await viaFirst.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });

        await waitFor(() => held === 1, 15_000);
        second = await spawnApi(database.url, env);
        await first.kill();

        const { rows: outstanding } = await database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE sign_off_id = $1 AND done_at IS NULL AND event <> 'SIGN_OFF_EXPIRING'`,
          [id],
        );
        expect(outstanding[0]!.n).toBeGreaterThanOrEqual(1);
        await waitFor(async () => {
          const { rows } = await database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox WHERE sign_off_id = $1 AND done_at IS NULL AND event <> 'SIGN_OFF_EXPIRING'`,
            [id],
          );
          return rows[0]!.n === 0;
          // The survivor takes over when the dead instance's 25 s lease runs out.
        }, 45_000).catch(async (error: unknown) => {
          const { rows } = await database.pool.query(
            `SELECT o.channel, o.event, o.attempts, o.done_at IS NOT NULL AS done, a.error FROM outbox o LEFT JOIN outbox_attempts a ON a.outbox_id = o.id WHERE o.sign_off_id = $1`,
            [id],
          );
          throw new Error(`${(error as Error).message}: ${JSON.stringify(rows)} ${JSON.stringify(push.received.map((m) => m.error))}`);
        });

        // The webhook: delivered twice (the held attempt and the survivor's), once by its webhook-id.
        expect(webhook.received.length).toBeGreaterThanOrEqual(2);
        expect(distinct(webhook.received).map(typeOf)).toEqual(['SIGN_OFF_REQUESTED']);
        expect(webhook.received.every((delivery) => delivery.verified)).toBe(true);
        // The inbox: once by Message-ID, with the request page's link under the public URL.
        const messageIds = new Set(smtp.received.map((mail) => mail.messageId));
        expect(messageIds.size).toBe(1);
        expect(smtp.received[0]!.text).toContain(`${PUBLIC_URL}/inbox/${id}`);
        // The device: once by its tag, verified and decrypted.
        const shown = push.received.filter((message) => message.verified && message.plaintext && !(JSON.parse(message.plaintext) as { close?: boolean }).close);
        expect(new Set(shown.map((message) => (JSON.parse(message.plaintext!) as { tag: string }).tag))).toEqual(new Set([`sign-off-${id}`]));
        expect(push.received.every((message) => message.verified)).toBe(true);
        expect(second.running()).toBe(true);
      } finally {
        await second?.stop();
        await first.stop();
        await Promise.all([webhook.close(), smtp.close(), push.close()]);
      }
    },
    120_000,
  );
});
