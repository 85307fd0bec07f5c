import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import { is, text, type TestApi, type Wire } from '../../../../test/testkit.js';
import { decide, minted, MINT, stored, threeOwners } from '../../../../test/two-person-kit.js';
import { spawnApi } from '../../../../test/spawn-api.js';

const ROUNDS = 12;

/** The owners whose approvals a request has, as stored. */
async function approvers(api: TestApi, id: string): Promise<string[]> {
  const { rows } = await api.db.pool.query<{ ownerId: string }>(
    'SELECT owner_id AS "ownerId" FROM sign_off_approvals WHERE sign_off_id = $1 ORDER BY approved_at',
    [id],
  );
  return rows.map((row) => row.ownerId);
}

const decidedAs = (results: Wire[], state: RegExp) =>
  results.filter((result) => is(result.__typename, 'SignOffDecided') && state.test(text(result.signOff?.state)));

describe('racing approvals of a two-person request', () => {
  apiTest('runs exactly once when two co-owners’ second approvals race from two API processes', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    const other = await spawnApi(api.db.url);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: round + 1 } });
        expect(await decide(api, owner, id, true)).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED' } });
        const results = await Promise.all([decide(api, second, id, true), decide(api, third, id, true, undefined, other.url)]);
        const winners = decidedAs(results, /^(APPROVED|SUCCEEDED)$/);
        const losers = results.filter((result) => is(result.__typename, 'SignOffClosed'));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(1);
        expect(await minted(api, id)).toBe(1);
        expect(await stored(api, id)).toEqual({ state: 'succeeded', approvalsRequired: 2, decided: true, approvals: 2 });
        expect(new Set(await approvers(api, id)).size).toBe(2);
      }
    } finally {
      await other.stop();
    }
  });

  apiTest('gives a request exactly one first and one second approval, from two different owners, however many approvals race', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    const other = await spawnApi(api.db.url);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: round + 1 } });
        // Each owner approves three times at once (a double click, a second tab, another instance), all released together.
        const results = await Promise.all(
          [owner, second, third].flatMap((who, i) => [0, 1, 2].map((n) => decide(api, who, id, true, undefined, (i + n) % 2 === 0 ? api.url : other.url))),
        );
        expect(decidedAs(results, /^PARTIALLY_APPROVED$/)).toHaveLength(1);
        expect(decidedAs(results, /^(APPROVED|SUCCEEDED)$/)).toHaveLength(1);
        // Everyone else changed nothing: told it is closed, or (the first approver, while it was half-approved) to find another owner.
        const rest = results.filter((result) => !is(result.__typename, 'SignOffDecided'));
        expect(rest).toHaveLength(7);
        for (const result of rest) expect(['SignOffClosed', 'SecondApproverRequired']).toContain(result.__typename);
        expect(await minted(api, id)).toBe(1);
        const ids = await approvers(api, id);
        expect(ids).toHaveLength(2);
        expect(new Set(ids).size).toBe(2);
      }
    } finally {
      await other.stop();
    }
  });

  apiTest('either denies or runs, never both, when a denial races the approvals', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    for (let round = 0; round < ROUNDS; round++) {
      const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: { scopes: ['read'], ttlHours: round + 1 } });
      const results = await Promise.all([decide(api, owner, id, true), decide(api, second, id, true), decide(api, third, id, false, 'no')]);
      const state = (await stored(api, id)).state;
      expect(['denied', 'succeeded']).toContain(state);
      expect(await minted(api, id)).toBe(state === 'succeeded' ? 1 : 0);
      expect(decidedAs(results, /^DENIED$/)).toHaveLength(state === 'denied' ? 1 : 0);
      expect(decidedAs(results, /^(APPROVED|SUCCEEDED)$/)).toHaveLength(state === 'succeeded' ? 1 : 0);
    }
  });
});
