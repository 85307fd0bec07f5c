import { describe, expect } from 'vitest';
import { apiTest, dbTest } from '../fixtures.js';
import { askId, define } from '../operations-kit.js';
import { answerJson, startReceiver } from '../webhook-receiver.js';
import { TestApi, text, waitFor } from '../testkit.js';
import { EventBus } from '../../src/platform/events/bus.js';
import { createLogger } from '../../src/platform/logger.js';
import { type ApiProcess, spawnApi } from '../spawn-api.js';

const SCHEMA = { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } };

async function states(api: TestApi, ids: string[]): Promise<Map<string, string>> {
  const rows = await api.db.pool.query<{ id: string; state: string }>('SELECT id, state FROM sign_offs WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.rows.map((row) => [row.id, row.state]));
}

describe('webhook deliveries across API processes', () => {
  apiTest('two processes racing over 50 approved deliveries: 50 distinct webhook-ids, each request SUCCEEDED once', async ({ api }) => {
    const receiver = await startReceiver(answerJson(200, { done: true }));
    const other = await spawnApi(api.db.url, { COUNTERSIGN_DELIVERY_POLL_MS: '100' });
    try {
      const owner = await api.owner();
      const defined = await define(api, owner, { op: 'batch.deliver', runner: 'WEBHOOK', webhookUrl: receiver.url, inputSchema: SCHEMA });
      receiver.secret.value = text(defined.webhookSecret);
      // Twenty open requests per agent at most: three agents ask for the fifty.
      const agents = await Promise.all([api.agent(owner), api.agent(owner), api.agent(owner)]);
      const ids: string[] = [];
      for (let n = 0; n < 50; n++) ids.push((await askId(api, agents[n % 3]!.key, 'batch.deliver', { n })).id);
      // Decided through both instances at once, so both workers are woken and race for the rows.
      await Promise.all(ids.map((id, n) => api.decide(owner.cookie, id, true, undefined, n % 2 === 0 ? api.url : other.url)));
      await waitFor(async () => [...(await states(api, ids)).values()].every((state) => state === 'succeeded'), 30_000);
      const distinct = new Set(receiver.received.map((r) => r.id));
      expect(distinct).toEqual(new Set(ids));
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      const attempts = await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_attempts');
      // No process crashed: each row was claimed and delivered once.
      expect(receiver.received).toHaveLength(50);
      expect(attempts.rows[0]!.n).toBe(50);
      expect(other.running()).toBe(true);
    } finally {
      await other.stop();
      await receiver.close();
    }
  });

  dbTest('a process SIGKILLed mid-delivery: the row comes back when its lease ends and another process delivers it, once recorded', async ({ database }) => {
    let held = 0;
    const receiver = await startReceiver((n, _received, response) => {
      // The first delivery is held unanswered: its process dies while it waits.
      if (n === 1) held += 1;
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"paid":true}');
    });
    const env = { COUNTERSIGN_DELIVERY_LEASE_MS: '1500', COUNTERSIGN_DELIVERY_POLL_MS: '100' };
    const doomed = await spawnApi(database.url, env);
    const bus = new EventBus(database.url, createLogger('silent'));
    let survivor: ApiProcess | undefined;
    try {
      const api = new TestApi(doomed.url, database, bus);
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const defined = await define(api, owner, { op: 'invoice.pay', runner: 'WEBHOOK', webhookUrl: receiver.url, inputSchema: SCHEMA });
      receiver.secret.value = text(defined.webhookSecret);
      const { id } = await askId(api, agent.key, 'invoice.pay', { n: 1 });
      expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'DELIVERING' } });
      await waitFor(() => held === 1, 10_000);
      await doomed.kill();
      survivor = await spawnApi(database.url, env);
      await waitFor(async () => (await states(api, [id])).get(id) === 'succeeded', 20_000);
      expect(receiver.received.map((r) => r.id)).toEqual([id, id]);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      const attempts = await database.pool.query<{ attempt: number; status: number }>('SELECT attempt, status FROM outbox_attempts ORDER BY attempt');
      // The killed process recorded nothing; the survivor's attempt is the second claim.
      expect(attempts.rows).toEqual([{ attempt: 2, status: 200 }]);
    } finally {
      await survivor?.stop();
      await doomed.stop();
      await receiver.close();
    }
  });
});
