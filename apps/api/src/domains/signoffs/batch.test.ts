import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { list, text, type SignedInOwner, type TestApi, type Wire } from '../../../test/testkit.js';

const BATCH = `mutation($input: DecideSignOffsInput!) {
  decideSignOffs(input: $input) {
    __typename
    ... on SignOffDecided { signOff { id state note risk } }
    ... on SignOffClosed { code signOff { id state } }
    ... on NotBatchable { code message signOff { id state risk riskReasons } }
    ... on NotFound { code }
  }
}`;

async function batch(api: TestApi, owner: SignedInOwner, input: Record<string, unknown>, auth?: { key: string }) {
  return api.graphql(BATCH, { input }, auth ?? { cookie: owner.cookie });
}

/** An owner, an agent and a repository, and a way to ask for a token of given scopes and life. */
async function scene(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const mint = (scopes: string[], ttlHours: number) =>
    api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes, ttlHours } });
  return { owner, agent, repo, mint };
}

describe('decideSignOffs', () => {
  apiTest('answers one result per id in their order; approves LOW requests, leaves any other pending as NotBatchable, finds no stranger', async ({ api }) => {
    const { owner, mint } = await scene(api);
    const low = await mint(['read'], 1);
    const medium = await mint(['write'], 1);
    const low2 = await mint(['read'], 2);
    const strangers = await scene(api);
    const theirs = await strangers.mint(['read'], 3);
    const response = await batch(api, owner, { ids: [medium, low, 'not-a-uuid', theirs, low2, low], approve: true, note: 'batch ok' });
    const results = list(response.data?.decideSignOffs);
    expect(results.map((r) => text(r.__typename))).toEqual(['NotBatchable', 'SignOffDecided', 'NotFound', 'NotFound', 'SignOffDecided', 'SignOffClosed']);
    expect(results[0]).toMatchObject({
      code: 'NOT_BATCHABLE',
      signOff: { id: medium, state: 'PENDING', risk: 'MEDIUM', riskReasons: ['The token can write to the repository.'] },
    });
    expect(results[1]).toMatchObject({ signOff: { id: low, state: 'SUCCEEDED', note: 'batch ok', risk: 'LOW' } });
    expect(results[5]).toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { id: low } });
    // The stranger's request is untouched.
    const { rows } = await api.db.pool.query<{ state: string }>('SELECT state FROM sign_offs WHERE id = $1', [theirs]);
    expect(rows[0]!.state).toBe('pending');
  });

  apiTest('denies any risk in a batch, with one note', async ({ api }) => {
    const { owner, mint } = await scene(api);
    const ids = [await mint(['write'], 48), await mint(['read'], 1)];
    const results = list((await batch(api, owner, { ids, approve: false, note: 'not today' })).data?.decideSignOffs);
    expect(results.map((r: Wire) => [text(r.__typename), text(r.signOff?.state), text(r.signOff?.note)])).toEqual([
      ['SignOffDecided', 'DENIED', 'not today'],
      ['SignOffDecided', 'DENIED', 'not today'],
    ]);
  });

  apiTest('refuses an empty batch, one over 100 ids and a note over 2000 characters with BAD_INPUT, deciding nothing', async ({ api }) => {
    const { owner, mint } = await scene(api);
    const id = await mint(['read'], 1);
    for (const input of [
      { ids: [], approve: true },
      { ids: Array.from({ length: 101 }, () => id), approve: true },
      { ids: [id], approve: true, note: 'x'.repeat(2001) },
    ]) {
      const response = await batch(api, owner, input);
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    }
    const { rows } = await api.db.pool.query<{ state: string }>('SELECT state FROM sign_offs WHERE id = $1', [id]);
    expect(rows[0]!.state).toBe('pending');
  });

  apiTest('races single decisions cleanly: each of 20 requests is decided exactly once, by the batch or by the single decision', async ({ api }) => {
    for (let round = 0; round < 3; round++) {
      const { owner, mint } = await scene(api);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await mint(['read'], i + 1));
      const [batched, ...singles] = await Promise.all([
        batch(api, owner, { ids, approve: true }),
        ...ids.map((id) => api.decide(owner.cookie, id, false, 'single')),
      ]);
      const results = list(batched.data?.decideSignOffs);
      expect(results).toHaveLength(20);
      const { rows } = await api.db.pool.query<{ id: string; state: string }>('SELECT id, state FROM sign_offs WHERE id = ANY($1::uuid[])', [ids]);
      const state = new Map(rows.map((row) => [row.id, row.state]));
      ids.forEach((id, i) => {
        const batchWon = text(results[i]!.__typename) === 'SignOffDecided';
        const singleWon = text(singles[i]!.__typename) === 'SignOffDecided';
        // Exactly one decision per request, and the request shows the winner's.
        expect(batchWon !== singleWon, id).toBe(true);
        expect(state.get(id)).toBe(batchWon ? 'succeeded' : 'denied');
      });
    }
  });
});
