import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { bool, failed, is, list, text, type GraphQLResponse } from '../../../test/testkit.js';
import { MAX_PENDING_PER_AGENT } from './policy.js';

const MINT = (ttlHours: number) => ({ op: 'repository.mintToken', input: { ttlHours, scopes: ['read'] } });
const READ = 'query($id: ID!) { signOff(id: $id) { id state } }';

describe('asking for a sign-off', () => {
  apiTest('stores the canonical input and its SHA-256, and reads back as pending with a 7-day window', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const response = await api.request(agent.key, {
      op: 'repository.mintToken',
      repository: repo.name,
      input: { ttlHours: 2, scopes: ['read', 'write'] },
      reason: 'deploy',
    });
    const signOff = response.data?.requestSignOff?.signOff;
    expect(response.data?.requestSignOff?.existing).toBe(false);
    expect(signOff?.state).toBe('PENDING');
    expect(signOff?.inputCanonical).toBe('{"scopes":["read","write"],"ttlHours":2}');
    expect(signOff?.inputHash).toMatch(/^[0-9a-f]{64}$/);
    const read = await api.graphql(
      'query($id: ID!) { signOff(id: $id) { requestedAt expiresAt irreversible description reason agent { id } repository { code } } }',
      { id: signOff?.id },
      { cookie: owner.cookie },
    );
    const { requestedAt, expiresAt, ...rest } = read.data?.signOff ?? failed(read);
    expect(Date.parse(text(expiresAt)) - Date.parse(text(requestedAt))).toBe(7 * 24 * 3600 * 1000);
    expect(rest).toEqual({
      irreversible: false,
      description: `Mint an access token for repository ${repo.name}`,
      reason: 'deploy',
      agent: { id: agent.id },
      repository: { code: repo.code },
    });
  });

  apiTest('returns the one waiting request to 50 identical concurrent asks, however their keys are ordered', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    for (let round = 0; round < 3; round++) {
      const inputs = Array.from({ length: 50 }, (_, i) => (i % 2 ? { scopes: ['read'], ttlHours: 10 + round } : { ttlHours: 10 + round, scopes: ['read'] }));
      const responses = await Promise.all(inputs.map((input) => api.request(agent.key, { op: 'repository.mintToken', repository: repo.name, input })));
      const ids = new Set(responses.map((response) => text(response.data?.requestSignOff?.signOff?.id)));
      expect(ids.size).toBe(1);
      expect(responses.filter((response) => is(response.data?.requestSignOff?.existing, false))).toHaveLength(1);
      const rows = await api.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sign_offs WHERE input_hash = (SELECT input_hash FROM sign_offs WHERE id = $1)',
        [[...ids][0]],
      );
      expect(rows.rows[0]?.n).toBe(1);
    }
  });

  apiTest(`refuses the ${MAX_PENDING_PER_AGENT + 1}st pending request, even when they race, until one is withdrawn or decided`, async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const responses = await Promise.all(
      Array.from({ length: MAX_PENDING_PER_AGENT + 5 }, (_, i) => api.request(agent.key, { ...MINT(i + 1), repository: repo.name })),
    );
    const accepted = responses.filter((r) => is(r.data?.requestSignOff?.__typename, 'SignOffRequested'));
    const refused = responses.filter((r) => is(r.data?.requestSignOff?.__typename, 'TooManyPending'));
    expect(accepted).toHaveLength(MAX_PENDING_PER_AGENT);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.data?.requestSignOff?.code).toBe('TOO_MANY_PENDING');

    const withdrawn = await api.graphql(
      'mutation($id: ID!) { withdrawSignOff(id: $id) { __typename } }',
      { id: accepted[0]!.data?.requestSignOff?.signOff?.id },
      { key: agent.key },
    );
    expect(withdrawn.data?.withdrawSignOff?.__typename).toBe('SignOffWithdrawn');
    expect((await api.request(agent.key, { ...MINT(100), repository: repo.name })).data?.requestSignOff?.__typename).toBe('SignOffRequested');
    expect((await api.request(agent.key, { ...MINT(101), repository: repo.name })).data?.requestSignOff?.__typename).toBe('TooManyPending');
    await api.decide(owner.cookie, text(accepted[1]!.data?.requestSignOff?.signOff?.id), false);
    expect((await api.request(agent.key, { ...MINT(102), repository: repo.name })).data?.requestSignOff?.__typename).toBe('SignOffRequested');
  });

  apiTest('refuses bad input when asked, with a clear error, storing nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const cases: [unknown, string, RegExp][] = [
      [{}, 'repository.launch', /Unknown operation "repository.launch"/],
      [{ scopes: ['admin'], ttlHours: 1 }, 'repository.mintToken', /"scopes" must list/],
      [{ scopes: ['read'], ttlHours: 0.5 }, 'repository.mintToken', /"ttlHours" must be a whole number/],
      [{ scopes: ['read'] }, 'repository.mintToken', /"ttlHours"/],
      [{ force: true }, 'repository.delete', /unknown field force/],
      [{ to: 'not an email' }, 'repository.transfer', /"to" must be/],
      ['text', 'repository.serve', /must be a JSON object/],
    ];
    for (const [input, op, message] of cases) {
      const response = await api.request(agent.key, { op, repository: repo.name, input });
      expect(response.errors?.[0]?.extensions?.code, op).toBe('BAD_INPUT');
      expect(response.errors?.[0]?.message).toMatch(message);
    }
    const unknownRepo = await api.request(agent.key, { op: 'repository.delete', repository: 'nope', input: {} });
    expect(unknownRepo.data?.requestSignOff?.code).toBe('NOT_FOUND');
    expect(await api.db.prisma.signOff.count()).toBe(0);
  });

  apiTest("lets only agents ask, and only for their own owner's repositories", async ({ api }) => {
    const owner = await api.owner();
    const other = await api.owner();
    const agent = await api.agent(owner);
    const theirs = await api.repository(other);
    const byOwner = await api.graphql(
      'mutation { requestSignOff(input: { op: "repository.delete", repository: "x", input: {}, summary: "s" }) { __typename } }',
      {},
      { cookie: owner.cookie },
    );
    expect(byOwner.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await api.request(agent.key, { op: 'repository.delete', repository: theirs.name, input: {} })).data?.requestSignOff?.code).toBe('NOT_FOUND');
  });

  apiTest('lets the asking agent withdraw its pending request once', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
    const WITHDRAW = 'mutation($id: ID!) { withdrawSignOff(id: $id) { __typename ... on SignOffWithdrawn { signOff { state } } ... on DomainError { code } } }';
    expect((await api.graphql(WITHDRAW, { id }, { key: agent.key })).data?.withdrawSignOff).toEqual({
      __typename: 'SignOffWithdrawn',
      signOff: { state: 'WITHDRAWN' },
    });
    expect((await api.graphql(WITHDRAW, { id }, { key: agent.key })).data?.withdrawSignOff).toEqual({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED' });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'WITHDRAWN' } });
  });

  apiTest('reads as EXPIRED past the window before and after the sweep, and can then be neither approved nor withdrawn', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [id]);
    expect((await api.graphql(READ, { id }, { cookie: owner.cookie })).data?.signOff?.state).toBe('EXPIRED');
    expect((await api.graphql('{ signOffs(state: EXPIRED) { nodes { id } } }', {}, { cookie: owner.cookie })).data?.signOffs?.nodes).toEqual([{ id }]);
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ __typename: 'SignOffClosed', signOff: { state: 'EXPIRED' } });
    const { sweepOnce } = await import('../../jobs/sweeper/sweeper.js');
    const { testLog } = await import('../../../test/fixtures.js');
    expect((await sweepOnce(api.db, testLog))['expired sign-offs']).toBe(1);
    expect((await api.db.pool.query<{ state: string }>('SELECT state FROM sign_offs WHERE id = $1', [id])).rows[0]?.state).toBe('expired');
    expect((await api.graphql(READ, { id }, { key: agent.key })).data?.signOff?.state).toBe('EXPIRED');
    expect(await api.db.prisma.repository.count({ where: { deletedAt: null } })).toBe(1);
  });

  apiTest('hides a request from everyone but its owner and its asking agent', async ({ api }) => {
    const owner = await api.owner('Shared');
    const sameTenant = await api.owner('Shared');
    const otherTenant = await api.owner();
    const agent = await api.agent(owner);
    const sibling = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { ...MINT(1), repository: repo.name });
    await api.decide(owner.cookie, id, true);
    for (const who of [{ cookie: sameTenant.cookie }, { cookie: otherTenant.cookie }, { key: sibling.key }]) {
      expect((await api.graphql(READ, { id }, who)).data?.signOff).toBeNull();
      expect((await api.graphql('{ signOffs { nodes { id } } }', {}, who)).data?.signOffs?.nodes).toEqual([]);
    }
    expect(await api.decide(sameTenant.cookie, id, false)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    expect(await api.decide(otherTenant.cookie, id, false)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    expect(await api.take(sibling.key, id)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    const withdraw = await api.graphql('mutation($id: ID!) { withdrawSignOff(id: $id) { ... on DomainError { code } } }', { id }, { key: sibling.key });
    expect(withdraw.data?.withdrawSignOff?.code).toBe('NOT_FOUND');
    expect((await api.take(agent.key, id)).__typename).toBe('SignOffSecret');
  });

  apiTest('lists pending first, oldest at the top, then the most recently decided, page by page', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await api.requestId(agent.key, { ...MINT(i + 1), repository: repo.name }));
    await api.decide(owner.cookie, ids[1]!, false);
    await api.decide(owner.cookie, ids[3]!, false);
    const expected = [ids[0], ids[2], ids[4], ids[5], ids[3], ids[1]];
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: GraphQLResponse = await api.graphql(
        'query($after: String) { signOffs(first: 4, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }',
        { after },
        { cookie: owner.cookie },
      );
      const signOffs = page.data?.signOffs;
      seen.push(...list(signOffs?.nodes).map((node) => text(node.id)));
      after = bool(signOffs?.pageInfo?.hasNextPage) ? text(signOffs?.pageInfo?.endCursor) : null;
    } while (after);
    expect(seen).toEqual(expected);
    const decided = await api.graphql('{ signOffs(decided: true) { nodes { id } } } ', {}, { cookie: owner.cookie });
    expect(list(decided.data?.signOffs?.nodes).map((node) => node.id)).toEqual([ids[3], ids[1]]);
    const waiting = await api.graphql('{ signOffs(decided: false) { nodes { id } } pendingSignOffCount }', {}, { cookie: owner.cookie });
    expect(list(waiting.data?.signOffs?.nodes).map((node) => node.id)).toEqual([ids[0], ids[2], ids[4], ids[5]]);
    expect(waiting.data?.pendingSignOffCount).toBe(4);
    expect((await api.graphql('{ pendingSignOffCount }', {}, { key: agent.key })).data?.pendingSignOffCount).toBe(4);
    const bad = await api.graphql('{ signOffs(after: "garbage") { nodes { id } } }', {}, { cookie: owner.cookie });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });
});
