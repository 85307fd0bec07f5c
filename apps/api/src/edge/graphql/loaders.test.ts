import { describe, expect, vi } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { list, text, type TestApi, type Wire } from '../../../test/testkit.js';

const PAGE = `{ signOffs(first: 50) { nodes { description agent { name owner { email } } repository { name owner { email } } } } }`;

/**
 * Gives the owner `count` requests, each by an agent and on a repository of
 * its own, written straight into the tables: the point is the rows' variety,
 * not how they were asked for.
 */
async function seedRequests(api: TestApi, email: string, count: number): Promise<void> {
  await api.db.pool.query(
    `WITH o AS (SELECT tenant_id, id FROM owners WHERE email = $1),
     n AS (SELECT g, gen_random_uuid() AS agent, gen_random_uuid() AS repo, gen_random_uuid() AS request FROM generate_series(1, $2::int) g),
     a AS (INSERT INTO agents (tenant_id, id, owner_id, name, key_prefix, key_hash)
           SELECT o.tenant_id, n.agent, o.id, 'agent-' || n.g, 'csk_x', md5(n.agent::text) FROM o, n RETURNING id),
     r AS (INSERT INTO repositories (tenant_id, id, owner_id, name, code)
           SELECT o.tenant_id, n.repo, o.id, 'repo-' || n.g, 'rc_' || md5(n.repo::text) FROM o, n RETURNING id)
     INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, repository_id, repository_code, input, input_hash, summary, risk, risk_reasons)
     SELECT o.tenant_id, n.request, n.agent, o.id, 'repository.delete', n.repo, 'rc_' || md5(n.repo::text), '{}', md5(n.request::text) || md5(n.g::text), 'request ' || n.g,
            'high', '{}'
       FROM o, n WHERE (SELECT count(*) FROM a) > 0 AND (SELECT count(*) FROM r) > 0`,
    [email, count],
  );
}

/** The statements the shared pool runs while `work` does, counted where every store query on it goes through. */
async function statementsDuring(api: TestApi, work: () => Promise<unknown>): Promise<string[]> {
  // The spy passes every call through to the pool's own query.
  const spy = vi.spyOn(api.db.pool, 'query');
  try {
    await work();
    return spy.mock.calls
      .map((call) => {
        const first: unknown = call[0];
        return typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text);
      })
      .filter((statement) => !BACKGROUND.test(statement));
  } finally {
    spy.mockRestore();
  }
}

/** The instance's own background work on the same pool (the outbox worker's polls, the approval and VAPID keys' preparation): no request's statements. */
const BACKGROUND = /^\/\* (claimDue|findActiveKey|insertActiveKey|findVapidKey|insertVapidKey) \*\//;

describe('related rows of a list', () => {
  apiTest('are read in batches: a page of 50 requests issues as many statements as a page of 5', async ({ api }) => {
    const small = await api.owner();
    const large = await api.owner();
    await seedRequests(api, small.email, 5);
    await seedRequests(api, large.email, 50);

    const read = async (owner: { cookie: string; email: string }, rows: number) => {
      const response = await api.graphql(PAGE, {}, { cookie: owner.cookie });
      expect(response.errors).toBeUndefined();
      const nodes = list(response.data?.signOffs?.nodes);
      expect(nodes).toHaveLength(rows);
      for (const node of nodes) {
        expect(text(node.agent?.owner?.email)).toBe(owner.email);
        expect(text(node.repository?.owner?.email)).toBe(owner.email);
        expect(text(node.description)).toMatch(/^Delete repository repo-\d+$/);
      }
    };
    const forFive = (await statementsDuring(api, () => read(small, 5))).length;
    const forFifty = (await statementsDuring(api, () => read(large, 50))).length;
    // The session, the page, then one batch each for agents, repositories and owners.
    expect(forFive).toBeGreaterThanOrEqual(3);
    expect(forFifty).toBe(forFive);
    expect(forFifty).toBeLessThanOrEqual(5);
  });

  apiTest("are read inside a keyed request's own transaction, never from the shared pool", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'docs');
    const REQUEST = `mutation($input: RequestSignOffInput!) {
      requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { agent { name owner { email } } repository { name owner { email } } } } }
    }`;
    let response: Awaited<ReturnType<typeof api.graphql<Wire>>> | undefined;
    const texts = await statementsDuring(api, async () => {
      response = await api.graphql(
        REQUEST,
        { input: { op: 'repository.unserve', repository: 'docs', input: {}, summary: 'Stop serving docs' } },
        { key: agent.key, headers: { 'idempotency-key': 'loaders-in-transaction' } },
      );
    });
    expect(response?.errors).toBeUndefined();
    const signOff = response?.data?.requestSignOff?.signOff;
    expect(text(signOff?.agent?.owner?.email)).toBe(owner.email);
    expect(text(signOff?.repository?.name)).toBe('docs');
    // Its claim and authentication use the pool by design; every related row came through its transaction.
    expect(texts.filter((sql) => /ByIds/.test(sql))).toEqual([]);
    expect(texts.some((sql) => sql.includes('claimIdempotencyKey'))).toBe(true);
  });
});
