import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { collect, is, waitFor } from '../../../test/testkit.js';
import { spawnApi } from '../../../test/spawn-api.js';

const ROUNDS = 8;

describe('draws racing across API processes', () => {
  // 120 s: three API processes start first, which on a loaded machine can take most of a minute.
  apiTest(
    'grant exactly k of 64 concurrent draws on the last k units (k = 1 and k = 10), from three processes',
    async ({ api }) => {
      const instances = await Promise.all([spawnApi(api.db.url), spawnApi(api.db.url), spawnApi(api.db.url)]);
      try {
        const owner = await api.owner();
        const agent = await api.agent(owner);
        for (const k of [1, 10]) {
          for (let round = 0; round < ROUNDS; round++) {
            // k units left after an earlier draw, so the race is on the last of them.
            const id = await api.authority(owner, agent.id, { tokens: k + 5 });
            expect((await api.draw(agent.key, { authority: id, dispatchKey: 'warm-up', tokens: 5 })).__typename).toBe('Drawn');
            const results = await Promise.all(
              Array.from({ length: 64 }, (_, i) => api.draw(agent.key, { authority: id, dispatchKey: `draw-${i}`, tokens: 1 }, instances[i % 3]!.url)),
            );
            const kinds = results.map((result) => result.__typename ?? result.errors?.[0]?.message);
            expect(kinds.filter((kind) => is(kind, 'Drawn'))).toHaveLength(k);
            expect(kinds.filter((kind) => is(kind, 'Exhausted'))).toHaveLength(64 - k);
            const balance = await api.db.pool.query(
              `SELECT b.drawn_tokens::int AS drawn, b.remaining_tokens::int AS remaining, b.draws::int AS draws,
                    (SELECT sum(tokens)::int FROM authority_receipts r WHERE r.tenant_id = b.tenant_id AND r.authority_id = b.authority_id) AS receipts,
                    (SELECT count(*)::int FROM authority_receipts r WHERE r.tenant_id = b.tenant_id AND r.authority_id = b.authority_id) AS receipt_count
               FROM authority_balances b WHERE b.authority_id = $1`,
              [id],
            );
            expect(balance.rows[0]).toEqual({ drawn: k + 5, remaining: 0, draws: k + 1, receipts: k + 5, receipt_count: k + 1 });
          }
        }
        const negative = await api.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM authority_balances WHERE remaining_tokens < 0 OR drawn_tokens < 0`,
        );
        expect(negative.rows[0]!.n).toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
      }
    },
    120_000,
  );

  apiTest('gives 32 concurrent draws with one dispatch key one receipt and every caller the same answer', async ({ api }) => {
    const other = await spawnApi(api.db.url);
    try {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      for (let round = 0; round < 5; round++) {
        const id = await api.authority(owner, agent.id, { tokens: 100 });
        const results = await Promise.all(
          Array.from({ length: 32 }, (_, i) => api.draw(agent.key, { authority: id, dispatchKey: 'same', tokens: 7 }, i % 2 ? other.url : api.url)),
        );
        expect(results.every((result) => is(result.__typename, 'Drawn'))).toBe(true);
        expect(new Set(results.map((result) => JSON.stringify(result.receipt))).size).toBe(1);
        expect(results.filter((result) => !result.replayed)).toHaveLength(1);
        const rows = await api.db.pool.query(`SELECT count(*)::int AS n, sum(tokens)::int AS tokens FROM authority_receipts WHERE authority_id = $1`, [id]);
        expect(rows.rows[0]).toEqual({ n: 1, tokens: 7 });
      }
    } finally {
      await other.stop();
    }
  });

  apiTest('announces draws and revocations to the owner and the agent live', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await api.authority(owner, agent.id, { tokens: 10 });
    const ownerClient = api.subscriber({ cookie: owner.cookie });
    const agentClient = api.subscriber({ key: agent.key });
    try {
      const before = api.bus.subscriberCount;
      type Event = { authorityEvents: { authority: { id: string; drawn: { tokens: number }; state: string } } };
      const query = 'subscription { authorityEvents { authority { id drawn { tokens } state } } }';
      const ownerEvents = collect<Event>(ownerClient, query);
      const agentEvents = collect<Event>(agentClient, query);
      await waitFor(() => api.bus.subscriberCount === before + 2);
      await api.draw(agent.key, { authority: id, dispatchKey: 'a', tokens: 4 });
      await api.graphql('mutation { revokeAuthority(input: { authority: "' + id + '", reason: "done" }) { __typename } }', {}, { cookie: owner.cookie });
      // Events carry ids and each delivery reads the authority as it is then,
      // so the first may already show the revocation; the last always does.
      for (const events of [ownerEvents, agentEvents]) {
        const seen = (await events.until(2)).map((event) => event.authorityEvents.authority);
        expect(seen.map((authority) => authority.drawn.tokens)).toEqual([4, 4]);
        expect(seen.at(-1)!.state).toBe('REVOKED');
      }
    } finally {
      await ownerClient.dispose();
      await agentClient.dispose();
    }
  });
});
