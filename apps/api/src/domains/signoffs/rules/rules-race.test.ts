import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { ask, daysFromNow, readRule, revokeRule, ruleId } from '../../../../test/rules-kit.js';
import { is, text, type TestApi, type Wire } from '../../../../test/testkit.js';
import { MAX_PENDING_PER_AGENT } from '../policy.js';
import { drawRule } from './rules-store.js';
import { spawnApi } from '../../../../test/spawn-api.js';

const MINT = 'repository.mintToken';

/** An owner's agent with a rule of `cap` approvals for read tokens of at most 50 hours' life. */
async function ruled(api: TestApi, cap: number) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const rule = await ruleId(api, owner, {
    agent: agent.id,
    op: MINT,
    terms: {
      constraints: [
        { field: 'scopes', equals: ['read'] },
        { field: 'ttlHours', atMost: 50 },
      ],
      maxApprovals: cap,
      endsAt: daysFromNow(1),
    },
  });
  return { owner, agent, repo, rule };
}

/** How the answers split: approved by the rule (and so run), left pending, refused for the open cap; anything else is listed as it came. */
function tally(answers: Wire[], rule: string) {
  const byRule = answers.filter((answer) => is(answer.signOff?.approvedByRule?.id, rule));
  const pending = answers.filter((answer) => is(answer.signOff?.state, 'PENDING') && is(answer.signOff?.approvedByRule, null));
  const refused = answers.filter((answer) => is(answer.code, 'TOO_MANY_PENDING'));
  return { byRule, pending, refused, other: answers.filter((answer) => !byRule.includes(answer) && !pending.includes(answer) && !refused.includes(answer)) };
}

/*
 * One agent's asks are serialised by its row lock (S2, S3), and so its open
 * cap of 20 applies whoever approves: of 50 matching asks, the rule approves
 * exactly its 10, 20 wait for the owner, and the remaining 20 are refused
 * TOO_MANY_PENDING. What must never happen is an 11th approval, or a 10th
 * missing, however the asks interleave across connections and processes.
 */
describe('a rule raced by its agent’s requests', () => {
  apiTest('approves exactly as many of 50 matching requests released together as it has left, on one instance', async ({ api }) => {
    const { owner, agent, repo, rule } = await ruled(api, 10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: index + 1 } })),
    );
    const { byRule, pending, refused, other } = tally(answers, rule);
    expect(other).toEqual([]);
    expect(byRule).toHaveLength(10);
    expect(byRule.every((answer) => is(answer.signOff?.state, 'SUCCEEDED'))).toBe(true);
    expect(pending).toHaveLength(MAX_PENDING_PER_AGENT);
    expect(refused).toHaveLength(50 - 10 - MAX_PENDING_PER_AGENT);
    expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ state: 'EXHAUSTED', remaining: 0, approvedCount: 10 });
    const stored = await api.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM sign_offs WHERE approved_by_rule = $1`, [rule]);
    expect(Number(stored.rows[0]!.n)).toBe(10);
    expect(await api.db.prisma.repositoryToken.count()).toBe(10);
  });

  apiTest('approves exactly as many of 50 matching requests split across two API processes as it has left', async ({ api }) => {
    const other = await spawnApi(api.db.url);
    try {
      for (const cap of [10, 1]) {
        const { owner, agent, repo, rule } = await ruled(api, cap);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: index + 1 } }, index % 2 === 0 ? api.url : other.url),
          ),
        );
        const { byRule, pending, refused, other: unexpected } = tally(answers, rule);
        expect(unexpected).toEqual([]);
        expect(byRule).toHaveLength(cap);
        expect(pending).toHaveLength(MAX_PENDING_PER_AGENT);
        expect(refused).toHaveLength(50 - cap - MAX_PENDING_PER_AGENT);
        expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ remaining: 0, approvedCount: cap });
        const tokens = await api.db.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM repository_tokens t JOIN sign_offs s ON s.tenant_id = t.tenant_id AND s.id = t.sign_off_id WHERE s.approved_by_rule = $1`,
          [rule],
        );
        expect(Number(tokens.rows[0]!.n)).toBe(cap);
      }
    } finally {
      await other.stop();
    }
  });

  apiTest('gives exactly its remaining approvals to 20 draws racing on 20 connections, and none below zero', async ({ api }) => {
    const { rule } = await ruled(api, 10);
    const tenantId = (await api.db.pool.query<{ t: string }>('SELECT tenant_id AS t FROM sign_off_rules WHERE id = $1', [rule])).rows[0]!.t;
    // Each draw in its own transaction on its own connection, all released together: no agent lock serialises these.
    const pool = new pg.Pool({ connectionString: api.db.url, max: 20 });
    const clients = await Promise.all(Array.from({ length: 20 }, () => pool.connect()));
    try {
      await Promise.all(clients.map((client) => client.query('BEGIN')));
      // Each commits as soon as its draw returns; the others wait on the row and re-check it then.
      const drawn = await Promise.all(
        clients.map(async (client) => {
          const left = await drawRule(client, tenantId, rule);
          await client.query('COMMIT');
          return left;
        }),
      );
      expect(drawn.filter((left): left is number => left !== null).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      for (const client of clients) client.release();
      await pool.end();
    }
    expect((await api.db.pool.query('SELECT remaining FROM sign_off_rules WHERE id = $1', [rule])).rows).toEqual([{ remaining: 0 }]);
  });

  apiTest('approves nothing after its revocation commits, on either instance, even with requests in flight', async ({ api }) => {
    const other = await spawnApi(api.db.url);
    try {
      const { owner, agent, repo, rule } = await ruled(api, 100);
      const mint = (ttlHours: number, url: string) => ask(api, agent.key, { op: MINT, repository: repo.name, input: { scopes: ['read'], ttlHours } }, url);
      const [answers, revoked] = await Promise.all([
        Promise.all(Array.from({ length: 16 }, (_, index) => mint(index + 1, index % 2 === 0 ? api.url : other.url))),
        revokeRule(api, owner, rule, 'stop'),
      ]);
      expect(revoked).toMatchObject({ rule: { state: 'REVOKED' } });
      // Whatever it approved before the revocation is exactly what it counted.
      const approved = answers.filter((answer) => is(answer.signOff?.approvedByRule?.id, rule)).length;
      expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ approvedCount: approved });
      // From then on, on both instances, nothing.
      const after = await Promise.all([mint(41, api.url), mint(42, other.url), mint(43, api.url), mint(44, other.url)]);
      expect(after.map((answer) => text(answer.signOff?.state))).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
      expect(await readRule(api, { cookie: owner.cookie }, rule)).toMatchObject({ approvedCount: approved, remaining: 100 - approved });
    } finally {
      await other.stop();
    }
  });
});
