import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { bool, list, text, type GraphQLResponse, type TestApi } from '../../../test/testkit.js';

const LIST = `query($state: SignOffState, $decided: Boolean, $agent: ID, $from: DateTime, $to: DateTime, $first: Int, $after: String) {
  signOffs(state: $state, decided: $decided, agent: $agent, requestedFrom: $from, requestedTo: $to, first: $first, after: $after) {
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

const HOUR = 3600_000;

/**
 * Two agents of one owner, each with requests asked 1, 2, 3… days ago (read
 * tokens of distinct lifetimes, so none is a retry of another): `asked[agent][i]`
 * was asked `i + 1` days ago. The timestamps are moved in SQL, the one way to
 * ask in the past.
 */
async function seed(api: TestApi, perAgent = 4) {
  const owner = await api.owner();
  const repo = await api.repository(owner);
  const agents = [await api.agent(owner), await api.agent(owner)];
  const asked: string[][] = [];
  const now = Date.now();
  for (const agent of agents) {
    const ids: string[] = [];
    for (let i = 0; i < perAgent; i++) {
      const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { ttlHours: i + 1, scopes: ['read'] } });
      await api.db.pool.query(`UPDATE sign_offs SET requested_at = $2 WHERE id = $1`, [id, new Date(now - (i + 1) * 24 * HOUR)]);
      ids.push(id);
    }
    asked.push(ids);
  }
  return { owner, agents, asked, now };
}

async function ids(api: TestApi, cookie: string, variables: Record<string, unknown>): Promise<string[]> {
  const response = await api.graphql(LIST, variables, { cookie });
  expect(response.errors).toBeUndefined();
  return list(response.data?.signOffs?.nodes).map((node) => text(node.id));
}

/** Every page under the same filters, following the cursors. */
async function allPages(api: TestApi, cookie: string, variables: Record<string, unknown>): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const page: GraphQLResponse = await api.graphql(LIST, { ...variables, after }, { cookie });
    expect(page.errors).toBeUndefined();
    const signOffs = page.data?.signOffs;
    seen.push(...list(signOffs?.nodes).map((node) => text(node.id)));
    after = bool(signOffs?.pageInfo?.hasNextPage) ? text(signOffs?.pageInfo?.endCursor) : null;
  } while (after);
  return seen;
}

const iso = (at: number) => new Date(at).toISOString();

describe('filtering the list of sign-offs', () => {
  apiTest('keeps one agent’s requests, those asked within a span, and both together with the state', async ({ api }) => {
    const { owner, agents, asked, now } = await seed(api);
    const [first, second] = [agents[0]!, agents[1]!];
    const [mine, theirs] = [asked[0]!, asked[1]!];
    // Pending ones list oldest first.
    expect(await ids(api, owner.cookie, { agent: first.id })).toEqual([...mine].reverse());
    expect(await ids(api, owner.cookie, { agent: second.id })).toEqual([...theirs].reverse());
    // From inclusive, to exclusive: 3.5 to 1.5 days ago holds those asked 3 and 2 days ago.
    const span = { from: iso(now - 84 * HOUR), to: iso(now - 36 * HOUR) };
    expect(new Set(await ids(api, owner.cookie, span))).toEqual(new Set([mine[2], mine[1], theirs[2], theirs[1]]));
    const exactly = await api.db.pool.query<{ requested_at: Date }>('SELECT requested_at FROM sign_offs WHERE id = $1', [mine[1]]);
    const at = exactly.rows[0]!.requested_at.getTime();
    expect(await ids(api, owner.cookie, { agent: first.id, from: iso(at), to: iso(at + 1) })).toEqual([mine[1]]);
    expect(await ids(api, owner.cookie, { agent: first.id, from: iso(at - 1), to: iso(at) })).toEqual([]);
    expect(await ids(api, owner.cookie, { agent: first.id, ...span })).toEqual([mine[2], mine[1]]);
    // With the state and decided filters as well.
    await api.decide(owner.cookie, mine[1]!, false);
    await api.decide(owner.cookie, theirs[1]!, false);
    expect(await ids(api, owner.cookie, { agent: first.id, decided: true, ...span })).toEqual([mine[1]]);
    expect(await ids(api, owner.cookie, { agent: first.id, state: 'DENIED' })).toEqual([mine[1]]);
    expect(await ids(api, owner.cookie, { agent: first.id, state: 'PENDING', ...span })).toEqual([mine[2]]);
    expect(await ids(api, owner.cookie, { from: iso(now - 60 * HOUR) })).toEqual(expect.arrayContaining([mine[0], theirs[0], mine[1], theirs[1]]));
    expect(await ids(api, owner.cookie, { from: iso(now - 60 * HOUR) })).toHaveLength(4);
    expect(await ids(api, owner.cookie, { to: iso(now - 84 * HOUR) })).toHaveLength(2);
  });

  apiTest('pages on under the same filters, neither skipping nor repeating a request', async ({ api }) => {
    const { owner, agents, asked, now } = await seed(api, 7);
    const [first, mine] = [agents[0]!, asked[0]!];
    // Decided ones in an order of their own (most recent decision first), after the waiting ones.
    for (const index of [0, 3, 5]) await api.decide(owner.cookie, mine[index]!, false);
    const filters = { agent: first.id, from: iso(now - 6.5 * 24 * HOUR), first: 2 };
    const whole = await ids(api, owner.cookie, { ...filters, first: 100 });
    expect(whole).toEqual([mine[4], mine[2], mine[1], mine[5], mine[3], mine[0]]);
    expect(await allPages(api, owner.cookie, filters)).toEqual(whole);
    expect(await allPages(api, owner.cookie, { ...filters, decided: true, first: 1 })).toEqual([mine[5], mine[3], mine[0]]);
  });

  apiTest('matches nothing for another tenant’s agent or an id no agent can have', async ({ api }) => {
    const { owner, agents } = await seed(api, 1);
    const stranger = await api.owner();
    const strangersAgent = await api.agent(stranger);
    await api.requestId(strangersAgent.key, {
      op: 'repository.mintToken',
      repository: (await api.repository(stranger)).name,
      input: { ttlHours: 1, scopes: ['read'] },
    });
    expect(await ids(api, owner.cookie, { agent: strangersAgent.id })).toEqual([]);
    expect(await ids(api, owner.cookie, { agent: 'not-an-id' })).toEqual([]);
    expect(await ids(api, stranger.cookie, { agent: agents[0]!.id })).toEqual([]);
    expect(await ids(api, stranger.cookie, { agent: strangersAgent.id })).toHaveLength(1);
  });

  apiTest('refuses a date that is not an instant, or a span that ends before it starts, with BAD_INPUT and changes nothing', async ({ api }) => {
    const { owner, now } = await seed(api, 2);
    const states = () => api.db.pool.query<{ id: string; state: string }>('SELECT id, state FROM sign_offs ORDER BY id').then((result) => result.rows);
    const before = await states();
    for (const variables of [{ from: '2026-02-30T00:00:00Z' }, { to: 'yesterday' }, { from: '2026-11-30' }, { from: iso(now), to: iso(now - HOUR) }]) {
      const response = await api.graphql(LIST, variables, { cookie: owner.cookie });
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(response.data?.signOffs ?? null).toBeNull();
    }
    const literal = await api.graphql('{ signOffs(requestedFrom: "soon") { nodes { id } } }', {}, { cookie: owner.cookie });
    expect(literal.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await states()).toEqual(before);
  });
});
