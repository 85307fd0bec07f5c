import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { createEndpoint, distinct, typeOf } from '../../../test/notify-kit.js';
import { registerDevice, serverVapidKey } from '../../../test/push-kit.js';
import { startPushReceiver } from '../../../test/push-receiver.js';
import { answerJson, startReceiver } from '../../../test/webhook-receiver.js';
import { waitFor } from '../../../test/testkit.js';
import { expireOverdue } from '../../domains/signoffs/store.js';
import { NOTIFICATION_EVENTS } from './events.js';

// All but AUDIT_HEAD_SIGNED, which tells of no request: the endpoint is to hear what the requests say and nothing else.
const ALL_EVENTS = NOTIFICATION_EVENTS.filter((event) => event !== 'AUDIT_HEAD_SIGNED');

describe('a request closed unanswered', () => {
  apiTest("closes its notification on the owner's devices (withdrawn, or expired), and tells no endpoint", async ({ api }) => {
    const push = await startPushReceiver({ vapidPublicKey: () => serverVapidKey(api), subject: 'mailto:countersign@127.0.0.1' });
    const webhook = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      await registerDevice(api, owner, push.subscribe());
      const endpoint = await createEndpoint(api, owner, { url: webhook.url, events: ALL_EVENTS });
      webhook.secret.value = endpoint.secret;
      const agent = await api.agent(owner);
      const repo = await api.repository(owner);
      const ask = (n: number) => api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: n } });
      const withdrawn = await ask(1);
      const expired = await ask(2);
      await waitFor(() => push.received.length >= 2, 20_000);

      const withdraw = await api.graphql('mutation($id: ID!) { withdrawSignOff(id: $id) { __typename } }', { id: withdrawn }, { key: agent.key });
      expect(withdraw.data?.withdrawSignOff?.__typename).toBe('SignOffWithdrawn');
      // Its window passes (the test moves the request back a week rather than wait) and the sweep's statement closes it.
      await api.db.pool.query(`UPDATE sign_offs SET requested_at = requested_at - interval '7 days 1 minute' WHERE id = $1`, [expired]);
      expect(await expireOverdue(api.db.pool)).toBe(1);

      await waitFor(() => push.received.length >= 4, 20_000);
      const messages = push.received.map((received) => JSON.parse(received.plaintext ?? 'null') as { tag: string; close?: boolean });
      expect(
        messages
          .filter((m) => m.close)
          .map((m) => m.tag)
          .sort(),
      ).toEqual([`sign-off-${expired}`, `sign-off-${withdrawn}`].sort());
      expect(push.received.every((received) => received.verified)).toBe(true);
      // The endpoint heard of the two requests and nothing of their closing (no NotificationEvent says it).
      await waitFor(() => distinct(webhook.received).length >= 2);
      await waitFor(async () => {
        const { rows } = await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL AND event <> 'SIGN_OFF_EXPIRING'`);
        return rows[0]!.n === 0;
      });
      expect(distinct(webhook.received).map(typeOf)).toEqual(['SIGN_OFF_REQUESTED', 'SIGN_OFF_REQUESTED']);
    } finally {
      await Promise.all([push.close(), webhook.close()]);
    }
  });
});
