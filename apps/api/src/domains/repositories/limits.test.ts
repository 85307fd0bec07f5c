import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { text, type TestApi } from '../../../test/testkit.js';
import { DEFAULT_ROW_LIMITS } from '../../platform/lib/row-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

const CREATE =
  'mutation($name: String!) { createRepository(input: { name: $name }) { __typename ... on DomainError { code message } ... on LimitReached { limit max } } }';
const PAGE = 'query($first: Int, $after: String) { repositories(first: $first, after: $after) { nodes { name } pageInfo { hasNextPage endCursor } } }';

/** Gives the owner of `ownerEmail` live repositories named seed-0001…, straight into the table (as many as a busy agent could make). */
async function seedRepositories(api: TestApi, ownerEmail: string, count: number, from = 0): Promise<void> {
  await api.db.pool.query(
    `INSERT INTO repositories (tenant_id, id, owner_id, name, code)
     SELECT o.tenant_id, gen_random_uuid(), o.id, 'seed-' || lpad(n::text, 4, '0'), 'rc_seed_' || gen_random_uuid()
       FROM owners o, generate_series($2::int + 1, $2::int + $3::int) n WHERE o.email = $1`,
    [ownerEmail, from, count],
  );
}

async function liveCount(api: TestApi, ownerEmail: string): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM repositories r JOIN owners o ON o.tenant_id = r.tenant_id AND o.id = r.owner_id WHERE o.email = $1 AND r.deleted_at IS NULL`,
    [ownerEmail],
  );
  return rows[0]!.n;
}

describe('the repositories cap', () => {
  apiTest('answers LimitReached at 1,000 live repositories, and nothing is created', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await seedRepositories(api, owner.email, DEFAULT_ROW_LIMITS.repositoriesPerOwner);
    const refused = await api.graphql(CREATE, { name: 'one-more' }, { key: agent.key });
    expect(refused.data?.createRepository).toEqual({
      __typename: 'LimitReached',
      code: 'LIMIT_REACHED',
      message: 'This owner has 1000 live repositories already: delete one first.',
      limit: 'REPOSITORIES_PER_OWNER',
      max: 1000,
    });
    expect(await liveCount(api, owner.email)).toBe(1000);
    // A deleted one frees its place; another owner is not counted with this one.
    await api.db.pool.query(`UPDATE repositories SET deleted_at = now() WHERE name = 'seed-0001'`);
    expect((await api.graphql(CREATE, { name: 'one-more' }, { key: agent.key })).data?.createRepository?.__typename).toBe('RepositoryCreated');
    const other = await api.owner();
    expect((await api.graphql(CREATE, { name: 'one-more' }, { cookie: other.cookie })).data?.createRepository?.__typename).toBe('RepositoryCreated');
  });

  apiTest('leaves exactly the cap live when many connections create at once right at it, every time', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await seedRepositories(api, owner.email, DEFAULT_ROW_LIMITS.repositoriesPerOwner - 5);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => api.graphql(CREATE, { name: `race-${round}-${i}` }, i % 2 ? { key: agent.key } : { cookie: owner.cookie })),
      );
      const kinds = answers.map((answer) => text(answer.data?.createRepository?.__typename));
      expect(kinds.filter((kind) => kind === 'RepositoryCreated')).toHaveLength(5);
      expect(kinds.filter((kind) => kind === 'LimitReached')).toHaveLength(15);
      expect(await liveCount(api, owner.email)).toBe(DEFAULT_ROW_LIMITS.repositoriesPerOwner);
      // Five places free again for the next round.
      await api.db.pool.query(`UPDATE repositories SET deleted_at = now() WHERE name LIKE $1`, [`race-${round}-%`]);
    }
  });

  apiTest('is the setting COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER', async ({ api }) => {
    const server = await spawnApi({
      config: testConfig({ limits: { ...DEFAULT_ROW_LIMITS, repositoriesPerOwner: 2 } }),
      db: api.db,
      bus: api.bus,
      log: testLog,
    });
    try {
      const owner = await api.owner();
      const kinds = [];
      for (const name of ['a', 'b', 'c']) kinds.push((await api.graphql(CREATE, { name }, { cookie: owner.cookie }, server.url)).data?.createRepository);
      expect(kinds.map((kind) => kind?.__typename)).toEqual(['RepositoryCreated', 'RepositoryCreated', 'LimitReached']);
      expect(kinds[2]).toMatchObject({ code: 'LIMIT_REACHED', limit: 'REPOSITORIES_PER_OWNER', max: 2 });
    } finally {
      await server.close();
    }
  });
});

describe('the repositories connection', () => {
  apiTest('pages through 1,000 repositories by name, each once, 100 at a time', async ({ api }) => {
    const owner = await api.owner();
    await seedRepositories(api, owner.email, 1000);
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const answer = await api.graphql(PAGE, { first: 100, after }, { cookie: owner.cookie });
      const connection = answer.data?.repositories;
      seen.push(...(connection?.nodes as unknown as { name: string }[]).map((node) => node.name));
      expect(connection?.pageInfo?.hasNextPage).toBe(page < 9);
      after = text(connection?.pageInfo?.endCursor);
    }
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => `seed-${String(i + 1).padStart(4, '0')}`));
    const last = await api.graphql(PAGE, { first: 100, after }, { cookie: owner.cookie });
    expect(last.data?.repositories).toEqual({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  apiTest('shows 20 by default', async ({ api }) => {
    const owner = await api.owner();
    await seedRepositories(api, owner.email, 21);
    const answer = await api.graphql('{ repositories { nodes { name } pageInfo { hasNextPage } } }', {}, { cookie: owner.cookie });
    expect(answer.data?.repositories?.nodes).toHaveLength(20);
    expect(answer.data?.repositories?.pageInfo?.hasNextPage).toBe(true);
  });

  apiTest('refuses a page size outside 1 to 100 and a cursor it never gave out, BAD_INPUT', async ({ api }) => {
    const owner = await api.owner();
    for (const variables of [{ first: 0 }, { first: 101 }, { first: -1 }, { after: 'not-a-cursor' }, { after: Buffer.from('[1]').toString('base64url') }]) {
      const answer = await api.graphql(PAGE, variables, { cookie: owner.cookie });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_INPUT');
      expect(answer.status).toBe(400);
    }
  });
});
