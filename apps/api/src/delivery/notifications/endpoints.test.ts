import { Webhook } from 'standardwebhooks';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { createEndpoint, distinct, distinctEvents, eventRows, typeOf } from '../../../test/notify-kit.js';
import { askId, define } from '../../../test/operations-kit.js';
import { answerJson, startReceiver, type Answer } from '../../../test/webhook-receiver.js';
import { fromJson, int, list, text, waitFor, type SignedInOwner, type TestApi } from '../../../test/testkit.js';

const ALL_SIGN_OFF_EVENTS = ['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED', 'SIGN_OFF_EXPIRING'];

const ENDPOINT = `query($id: ID!) { webhookEndpoint(id: $id) {
  id url format events disabledAt disabledReason failingSince deliveries { id event state attempts status latencyMs responseSnippet }
} }`;

async function endpointOf(api: TestApi, owner: SignedInOwner, id: string) {
  return (await api.graphql(ENDPOINT, { id }, { cookie: owner.cookie })).data!.webhookEndpoint!;
}

/** An owner whose agent asks to mint a write token for a fresh repository (the secret it produces is a real credential). */
async function mintRequest(api: TestApi, owner: SignedInOwner, agentName?: string) {
  const agent = await api.agent(owner, agentName);
  const repo = await api.repository(owner);
  const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
  return { agent, repo, id };
}

const failingFirst =
  (times: number): Answer =>
  (n, _received, response) =>
    n <= times ? response.writeHead(503).end('down for maintenance') : response.writeHead(204).end();

describe('owner webhook endpoints', () => {
  apiTest(
    'tell an endpoint of a request, its decision and its finish, signed per Standard Webhooks, in order, with the request as the API returns it and never its secret',
    async ({ api }) => {
      const receiver = await startReceiver(answerJson(200, { ok: true }));
      try {
        const owner = await api.owner();
        const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ALL_SIGN_OFF_EVENTS, description: 'ops channel' });
        receiver.secret.value = endpoint.secret;
        expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
        const { agent, repo, id } = await mintRequest(api, owner);
        expect(await api.decide(owner.cookie, id, true, 'go ahead')).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
        const taken = await api.take(agent.key, id);
        const token = text(taken.secret?.token);
        expect(token.length).toBeGreaterThan(10);

        const events = await distinctEvents(receiver.received, 3);
        expect(events.map(typeOf)).toEqual(['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED', 'SIGN_OFF_FINISHED']);
        expect(events.every((delivery) => delivery.verified)).toBe(true);
        expect(new Set(events.map((delivery) => delivery.id)).size).toBe(3);
        for (const delivery of receiver.received) {
          expect(delivery.body).not.toContain(token);
          expect(delivery.body).not.toContain(endpoint.secret);
          expect(delivery.body).not.toContain(agent.key);
        }
        const finished = fromJson(events[2]!.body);
        expect(finished).toMatchObject({
          type: 'SIGN_OFF_FINISHED',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
          data: {
            link: `http://127.0.0.1/inbox/${id}`,
            signOff: {
              id,
              op: 'repository.mintToken',
              state: 'SUCCEEDED',
              risk: 'MEDIUM',
              note: 'go ahead',
              agent: { id: agent.id },
              repository: { id: repo.id, name: repo.name },
              input: { scopes: ['write'], ttlHours: 3 },
            },
          },
        });
        // The receiver has answered; the attempts are recorded just after.
        await waitFor(async () => list((await endpointOf(api, owner, endpoint.id)).deliveries).every((d) => text(d.state) === 'DELIVERED'));
        const read = await endpointOf(api, owner, endpoint.id);
        expect(list(read.deliveries).map((d) => [text(d.event), text(d.state), int(d.status)])).toEqual([
          ['SIGN_OFF_FINISHED', 'DELIVERED', 200],
          ['SIGN_OFF_DECIDED', 'DELIVERED', 200],
          ['SIGN_OFF_REQUESTED', 'DELIVERED', 200],
        ]);
        expect(text(list(read.deliveries)[0]!.responseSnippet)).toBe('{"ok":true}');
      } finally {
        await receiver.close();
      }
    },
  );

  apiTest('a receiver that is down for a while gets every event afterwards, in order per request, each retry under the same webhook-id', async ({ api }) => {
    const receiver = await startReceiver(failingFirst(4));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ALL_SIGN_OFF_EVENTS });
      receiver.secret.value = endpoint.secret;
      const { id } = await mintRequest(api, owner);
      await api.decide(owner.cookie, id, false, 'not now');
      const events = await distinctEvents(receiver.received, 2);
      expect(events.map(typeOf)).toEqual(['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED']);
      // Delivered in order: the decision was not accepted before the request was.
      await waitFor(async () => (await eventRows(api, { signOffId: id })).every((row) => row.done || row.event === 'SIGN_OFF_EXPIRING'));
      const accepted = receiver.received.filter((_d, index) => index >= 4).map(typeOf);
      expect(accepted).toEqual(['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED']);
      // Every repeat of an event carried its first attempt's id.
      const byId = new Map<string, string>();
      for (const delivery of receiver.received) {
        const type = typeOf(delivery);
        expect(byId.get(delivery.id) ?? type).toBe(type);
        byId.set(delivery.id, type);
      }
      expect(byId.size).toBe(2);
      await waitFor(async () => list((await endpointOf(api, owner, endpoint.id)).deliveries).every((d) => text(d.state) === 'DELIVERED'));
      const read = await endpointOf(api, owner, endpoint.id);
      expect(list(read.deliveries).reduce((sum, d) => sum + int(d.attempts), 0)).toBe(receiver.received.length);
      expect(read.failingSince).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  apiTest('the SLACK format posts Block Kit with the summary, agent, risk and a button to the request page', async ({ api }) => {
    const receiver = await startReceiver((_n, _d, response) => response.writeHead(200).end('ok'));
    try {
      const owner = await api.owner();
      await createEndpoint(api, owner, { url: receiver.url, events: ['SIGN_OFF_REQUESTED'], format: 'SLACK' });
      const { id } = await mintRequest(api, owner, 'deploy-bot');
      await waitFor(() => receiver.received.length >= 1);
      const body = fromJson(receiver.received[0]!.body);
      const blocks = list(body.blocks);
      expect(text(blocks[0]!.type)).toBe('header');
      expect(text(blocks[0]!.text!.text)).toMatch(/^deploy-bot asks: /);
      expect(receiver.received[0]!.body).toContain('*Risk*\\nMEDIUM');
      const actions = blocks.find((block) => text(block.type) === 'actions')!;
      expect(list(actions.elements)[0]).toMatchObject({ type: 'button', url: `http://127.0.0.1/inbox/${id}` });
      expect(text(body.text)).toMatch(/asks: /);
      // Slack verifies nothing: no signature headers are sent to it.
      expect(receiver.received[0]!.headers['webhook-signature']).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });

  apiTest('reminders come 24 hours and 1 hour before a request closes, once each, and never for a request already decided', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['SIGN_OFF_EXPIRING'] });
      receiver.secret.value = endpoint.secret;
      const open = await mintRequest(api, owner);
      const decided = await mintRequest(api, owner);
      await api.decide(owner.cookie, decided.id, false);
      // Approved and waiting for its agent to redeem: still open, but decided — no "left to decide" reminder.
      await define(api, owner, { op: 'note.send', runner: 'AGENT', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } });
      const asker = await api.agent(owner);
      const approved = await askId(api, asker.key, 'note.send', { text: 'hi' });
      expect(await api.decide(owner.cookie, approved.id, true)).toMatchObject({ signOff: { state: 'AWAITING_REDEEM' } });
      // Written with the request, due 24 h and 1 h before its window closes.
      const { rows } = await api.db.pool.query<{ hours: number; ahead: string; signOffId: string }>(
        `SELECT (payload::json->>'hoursLeft')::int AS hours, extract(epoch FROM (s.requested_at + interval '7 days') - o.due_at)::text AS ahead, s.id AS "signOffId"
           FROM outbox o JOIN sign_offs s ON s.id = o.sign_off_id WHERE o.channel = 'event' AND o.event = 'SIGN_OFF_EXPIRING' ORDER BY 3, 1 DESC`,
      );
      expect(rows.filter((row) => row.signOffId === open.id).map((row) => [row.hours, Number(row.ahead)])).toEqual([
        [24, 86_400],
        [1, 3_600],
      ]);
      // Time passes: the reminders fall due now (the test stands in for six days).
      await api.db.pool.query(
        `UPDATE outbox SET due_at = now(), event_at = now() - (payload::json->>'hoursLeft')::int * interval '1 minute' WHERE event = 'SIGN_OFF_EXPIRING'`,
      );
      const events = await distinctEvents(receiver.received, 2);
      expect(events.map((delivery) => fromJson(delivery.body).data?.hoursLeft)).toEqual([24, 1]);
      expect(events.map((delivery) => fromJson(delivery.body).data?.signOff?.id)).toEqual([open.id, open.id]);
      for (const closed of [decided.id, approved.id]) await waitFor(async () => (await eventRows(api, { signOffId: closed })).every((row) => row.done));
      expect(distinct(receiver.received)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  apiTest('an agent revoked is announced once', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['AGENT_REVOKED'] });
      receiver.secret.value = endpoint.secret;
      const agent = await api.agent(owner, 'billing-bot');
      const revoke = 'mutation($input: RevokeAgentInput!) { revokeAgent(input: $input) { __typename } }';
      await api.graphql(revoke, { input: { id: agent.id } }, { cookie: owner.cookie });
      await api.graphql(revoke, { input: { id: agent.id } }, { cookie: owner.cookie });
      const [event] = await distinctEvents(receiver.received, 1);
      expect(fromJson(event!.body)).toMatchObject({
        type: 'AGENT_REVOKED',
        data: { agent: { id: agent.id, name: 'billing-bot' }, link: 'http://127.0.0.1/agents' },
      });
      await waitFor(async () => (await eventRows(api, { payloadContains: agent.id })).every((row) => row.done));
      expect(distinct(receiver.received)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  apiTest('sendTestWebhook delivers a signed WEBHOOK_TEST; after a rotation both the new and the previous secret verify', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, { hello: 'back' }));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['AGENT_REVOKED'] });
      receiver.secret.value = endpoint.secret;
      const sent = await api.graphql(
        'mutation($id: ID!) { sendTestWebhook(id: $id) { __typename ... on TestWebhookSent { delivery { id event state } } } }',
        { id: endpoint.id },
        { cookie: owner.cookie },
      );
      expect(sent.data?.sendTestWebhook).toMatchObject({ __typename: 'TestWebhookSent', delivery: { event: 'WEBHOOK_TEST', state: 'PENDING' } });
      await waitFor(() => receiver.received.length === 1);
      expect(receiver.received[0]).toMatchObject({ id: text(sent.data!.sendTestWebhook!.delivery!.id), verified: true });
      expect(typeOf(receiver.received[0]!)).toBe('WEBHOOK_TEST');

      const rotated = await api.graphql(
        'mutation($id: ID) { rotateWebhookSecret(endpointId: $id) { __typename ... on WebhookEndpointSecretRotated { secret endpoint { id } } } }',
        { id: endpoint.id },
        { cookie: owner.cookie },
      );
      const fresh = text(rotated.data?.rotateWebhookSecret?.secret);
      expect(fresh).toMatch(/^whsec_/);
      expect(fresh).not.toBe(endpoint.secret);
      await api.graphql('mutation($id: ID!) { sendTestWebhook(id: $id) { __typename } }', { id: endpoint.id }, { cookie: owner.cookie });
      await waitFor(() => receiver.received.length === 2);
      const second = receiver.received[1]!;
      const headers = {
        'webhook-id': String(second.headers['webhook-id']),
        'webhook-timestamp': String(second.headers['webhook-timestamp']),
        'webhook-signature': String(second.headers['webhook-signature']),
      };
      expect(() => new Webhook(fresh).verify(second.body, headers)).not.toThrow();
      expect(() => new Webhook(endpoint.secret).verify(second.body, headers)).not.toThrow();
      expect((await api.graphql('mutation { rotateWebhookSecret { __typename } }', {}, { cookie: owner.cookie })).errors?.[0]?.extensions?.code).toBe(
        'BAD_INPUT',
      );
    } finally {
      await receiver.close();
    }
  });

  apiTest('an endpoint failing continuously for 3 days is disabled, says why, and is told nothing more until enabled', async ({ api }) => {
    const receiver = await startReceiver((_n, _d, response) => response.writeHead(500).end('broken'));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['SIGN_OFF_REQUESTED', 'SIGN_OFF_DECIDED'] });
      const { id } = await mintRequest(api, owner);
      await waitFor(async () => (await endpointOf(api, owner, endpoint.id)).failingSince !== null);
      // Three days pass (the test moves the start of the failing run back rather than wait).
      await api.db.pool.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE id = $1`, [endpoint.id]);
      await waitFor(async () => (await endpointOf(api, owner, endpoint.id)).disabledAt !== null);
      const read = await endpointOf(api, owner, endpoint.id);
      expect(text(read.disabledReason)).toMatch(/^Disabled after failing continuously for 3 days/);
      expect(list(read.deliveries).map((d) => text(d.state))).toEqual(['FAILED']);
      const before = receiver.received.length;
      await api.decide(owner.cookie, id, false);
      await waitFor(async () =>
        (await eventRows(api, { signOffId: id })).filter((row) => row.channel === 'event' && row.event === 'SIGN_OFF_DECIDED').every((row) => row.done),
      );
      expect(receiver.received.length).toBe(before);
      expect(list((await endpointOf(api, owner, endpoint.id)).deliveries)).toHaveLength(1);
      const enabled = await api.graphql(
        'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { ... on WebhookEndpointChanged { endpoint { disabledAt failingSince } } } }',
        { id: endpoint.id },
        { cookie: owner.cookie },
      );
      expect(enabled.data?.enableWebhookEndpoint?.endpoint).toEqual({ disabledAt: null, failingSince: null });
    } finally {
      await receiver.close();
    }
  });

  apiTest('deleting an endpoint takes its deliveries and their attempts with it', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, {}));
    try {
      const owner = await api.owner();
      const endpoint = await createEndpoint(api, owner, { url: receiver.url, events: ['SIGN_OFF_REQUESTED'] });
      await mintRequest(api, owner);
      await waitFor(async () => list((await endpointOf(api, owner, endpoint.id)).deliveries).some((d) => text(d.state) === 'DELIVERED'));
      const deleted = await api.graphql('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { __typename } }', { id: endpoint.id }, { cookie: owner.cookie });
      expect(deleted.data?.deleteWebhookEndpoint?.__typename).toBe('WebhookEndpointDeleted');
      const { rows } = await api.db.pool.query(`SELECT 1 FROM outbox WHERE channel = 'endpoint' AND target = $1`, [endpoint.id]);
      expect(rows).toHaveLength(0);
      expect(await endpointOf(api, owner, endpoint.id)).toBeNull();
    } finally {
      await receiver.close();
    }
  });
});
