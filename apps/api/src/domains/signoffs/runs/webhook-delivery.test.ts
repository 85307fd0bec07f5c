import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { ofType, stringContaining } from '../../../../test/matchers.js';
import { askId, define } from '../../../../test/operations-kit.js';
import { answerJson, startReceiver, type Answer } from '../../../../test/webhook-receiver.js';
import { collect, fromJson, list, text, waitFor, type SignedInOwner, type TestApi, type Wire } from '../../../../test/testkit.js';
import { createEndpoint } from '../../../../test/notify-kit.js';
import { setApprovals } from '../../../../test/two-person-kit.js';

const INVOICE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['invoice', 'amount'],
  properties: { invoice: { type: 'string', title: 'Invoice' }, amount: { type: 'integer', minimum: 1, maximum: 100000 } },
};

/** `invoice.pay` (WEBHOOK to the receiver) defined by a fresh owner, whose agent asks; the receiver learns the secret. */
async function webhookScene(api: TestApi, receiver: Awaited<ReturnType<typeof startReceiver>>, extra: Record<string, unknown> = {}) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const defined = await define(api, owner, {
    op: 'invoice.pay',
    runner: 'WEBHOOK',
    webhookUrl: receiver.url,
    inputSchema: INVOICE_SCHEMA,
    risk: 'HIGH',
    ...extra,
  });
  receiver.secret.value = text(defined.webhookSecret);
  expect(receiver.secret.value).toMatch(/^whsec_/);
  return { owner, agent };
}

async function signOffOf(api: TestApi, owner: SignedInOwner, id: string) {
  const read = await api.graphql(
    'query($id: ID!) { signOff(id: $id) { state result failure secretState deliveryAttempts { attempt status latencyMs error } } }',
    { id },
    { cookie: owner.cookie },
  );
  return read.data!.signOff!;
}

async function settled(api: TestApi, owner: SignedInOwner, id: string) {
  await waitFor(async () => ['SUCCEEDED', 'FAILED'].includes(text((await signOffOf(api, owner, id)).state)), 20_000);
  return signOffOf(api, owner, id);
}

const failing =
  (times: number, then: Answer): Answer =>
  (n, received, response) =>
    n <= times ? response.writeHead(503).end('busy') : then(n, received, response);

describe('a WEBHOOK operation approved', () => {
  apiTest(
    'is delivered signed per Standard Webhooks with the approved input; its JSON answer is the result, secret fields kept for the agent',
    async ({ api }) => {
      const receiver = await startReceiver(answerJson(200, { paymentId: 'p-1', receiptToken: 'rt-secret' }));
      try {
        const { owner, agent } = await webhookScene(api, receiver, { secretFields: ['receiptToken'] });
        const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-7', amount: 1200 });
        expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'DELIVERING' } });
        const done = await settled(api, owner, id);
        expect(done).toMatchObject({ state: 'SUCCEEDED', result: { paymentId: 'p-1' }, secretState: 'WAITING' });
        expect(list(done.deliveryAttempts)).toEqual([{ attempt: 1, status: 200, latencyMs: ofType(Number), error: null }]);
        expect(receiver.received).toHaveLength(1);
        const [delivery] = receiver.received;
        expect(delivery).toMatchObject({ id, verified: true });
        expect(fromJson(delivery!.body)).toMatchObject({
          id,
          op: 'invoice.pay',
          opVersion: 1,
          input: { invoice: 'INV-7', amount: 1200 },
          agent: agent.id,
          approvedBy: ofType(String),
          approvedAt: ofType(String),
        });
        expect(await api.take(agent.key, id)).toEqual({ __typename: 'SignOffSecret', secret: { receiptToken: 'rt-secret' } });
      } finally {
        await receiver.close();
      }
    },
  );

  apiTest('retries a failing endpoint with one webhook-id until it succeeds: exactly one SUCCEEDED, every attempt recorded', async ({ api }) => {
    const receiver = await startReceiver(failing(3, answerJson(200, { ok: true })));
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-8', amount: 5 });
      await api.decide(owner.cookie, id, true);
      const done = await settled(api, owner, id);
      expect(done).toMatchObject({ state: 'SUCCEEDED', result: { ok: true } });
      expect(list(done.deliveryAttempts).map((a) => a.status)).toEqual([503, 503, 503, 200]);
      expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set([id]));
      expect(receiver.received.every((r) => r.verified)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  apiTest("lists only the request's own delivery attempts, to either owner, not those of a co-owner's endpoint told of it", async ({ api }) => {
    const receiver = await startReceiver(failing(1, answerJson(200, { ok: true })));
    const endpointReceiver = await startReceiver(answerJson(202, {}));
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      // A two-person request is told to every owner of the tenant, the co-owner at their own, private endpoint.
      const coOwner = await api.owner(owner.tenantName);
      expect((await setApprovals(api, owner, 'invoice.pay', 2)).data?.setApprovalsRequired).toMatchObject({ __typename: 'ApprovalPolicySet' });
      const endpoint = await createEndpoint(api, coOwner, {
        url: endpointReceiver.url,
        events: ['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED'],
      });
      endpointReceiver.secret.value = endpoint.secret;
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-21', amount: 5 });
      await api.decide(owner.cookie, id, true);
      await api.decide(coOwner.cookie, id, true);
      await settled(api, owner, id);
      // The co-owner's endpoint attempts for this very request are recorded under the same sign-off id.
      const endpointAttempts = async () =>
        (
          await api.db.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM outbox o JOIN outbox_attempts a ON a.outbox_id = o.id WHERE o.sign_off_id = $1 AND o.channel = 'endpoint'`,
            [id],
          )
        ).rows[0]!.n;
      await waitFor(async () => (await endpointAttempts()) >= 3);
      for (const reader of [owner, coOwner]) {
        expect(list((await signOffOf(api, reader, id)).deliveryAttempts).map((a) => [a.attempt, a.status])).toEqual([
          [1, 503],
          [2, 200],
        ]);
      }
    } finally {
      await receiver.close();
      await endpointReceiver.close();
    }
  });

  apiTest('shows each failed attempt to the owner live, while the request is still delivering', async ({ api }) => {
    const receiver = await startReceiver(failing(2, answerJson(200, { ok: true })));
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-13', amount: 5 });
      const client = api.subscriber({ cookie: owner.cookie });
      const events = collect<Wire>(client, `subscription { signOffEvents(id: "${id}") { signOff { state deliveryAttempts { status } } } }`);
      try {
        await events.until(1);
        await api.decide(owner.cookie, id, true);
        await settled(api, owner, id);
        await waitFor(() => events.values.some((event) => event.signOffEvents?.signOff?.state === ('SUCCEEDED' as unknown)));
        const whileDelivering = events.values
          .map((event) => event.signOffEvents!.signOff!)
          .filter((signOff) => signOff.state === ('DELIVERING' as unknown))
          .map((signOff) => list(signOff.deliveryAttempts).length);
        // Each event reads the row as it then stands, so a quick retry may fold two attempts into one view.
        expect(whileDelivering.some((attempts) => attempts >= 1)).toBe(true);
      } finally {
        events.stop();
        await client.dispose();
      }
    } finally {
      await receiver.close();
    }
  });

  apiTest.for([
    ['a 4xx', answerJson(422, { error: 'unknown invoice' }), 'The endpoint answered 422: {"error":"unknown invoice"}'],
    ['a redirect', (_n, _r, response) => response.writeHead(302, { location: 'http://127.0.0.1:1/' }).end(), 'redirect'],
    ['a body that is not JSON', (_n, _r, response) => response.writeHead(200).end('<html>ok</html>'), 'not a JSON object'],
  ] as [string, Answer, string][])('fails for good on %s, after one attempt', async ([, answer, failure], { api }) => {
    const receiver = await startReceiver(answer);
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-9', amount: 5 });
      await api.decide(owner.cookie, id, true);
      const done = await settled(api, owner, id);
      expect(done).toMatchObject({ state: 'FAILED', failure: stringContaining(failure) });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  apiTest('retries an answer over 256 KiB, and a 429, as failed attempts', async ({ api }) => {
    const huge = 'x'.repeat(300 * 1024);
    const receiver = await startReceiver((n, _r, response) => {
      if (n === 1) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ huge }));
      else if (n === 2) response.writeHead(429).end('slow down');
      else response.writeHead(204).end();
    });
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-10', amount: 5 });
      await api.decide(owner.cookie, id, true);
      const done = await settled(api, owner, id);
      expect(done).toMatchObject({ state: 'SUCCEEDED', result: null });
      const attempts = list(done.deliveryAttempts);
      expect(attempts.map((a) => a.status)).toEqual([null, 429, 204]);
      expect(text(attempts[0]!.error)).toContain('262144');
    } finally {
      await receiver.close();
    }
  });

  apiTest('signs with the new secret after a rotation, and with the old one alongside for a day', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const { owner, agent } = await webhookScene(api, receiver);
      const old = receiver.secret.value;
      const rotated = await api.graphql(
        'mutation { rotateWebhookSecret(op: "invoice.pay") { ... on WebhookSecretRotated { webhookSecret } } }',
        {},
        {
          cookie: owner.cookie,
        },
      );
      const fresh = text(rotated.data?.rotateWebhookSecret?.webhookSecret);
      expect(fresh).not.toBe(old);
      receiver.secret.value = fresh;
      const { id } = await askId(api, agent.key, 'invoice.pay', { invoice: 'INV-11', amount: 5 });
      await api.decide(owner.cookie, id, true);
      await settled(api, owner, id);
      expect(receiver.received[0]).toMatchObject({ verified: true });
      expect(String(receiver.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
