import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';

const CREATE =
  'mutation($name: String!) { createRepository(input: { name: $name }) { __typename ... on RepositoryCreated { repository { name code state owner { email } } } ... on DomainError { code } } }';

describe('repositories', () => {
  apiTest('are created by an owner, or by an agent for its owner, each with a fresh code', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const byOwner = await api.graphql(CREATE, { name: 'site' }, { cookie: owner.cookie });
    const byAgent = await api.graphql(CREATE, { name: 'docs' }, { key: agent.key });
    expect(byOwner.data?.createRepository).toMatchObject({
      __typename: 'RepositoryCreated',
      repository: { name: 'site', state: 'SERVING', owner: { email: owner.email } },
    });
    expect(byAgent.data?.createRepository?.repository?.owner?.email).toBe(owner.email);
    expect(byOwner.data?.createRepository?.repository?.code).not.toBe(byAgent.data?.createRepository?.repository?.code);
    const listed = await api.graphql('{ repositories { nodes { name } } }', {}, { key: agent.key });
    expect(listed.data?.repositories?.nodes).toEqual([{ name: 'docs' }, { name: 'site' }]);
  });

  apiTest('refuses a name a live repository of the owner has, and a malformed name', async ({ api }) => {
    const owner = await api.owner();
    const other = await api.owner();
    await api.graphql(CREATE, { name: 'site' }, { cookie: owner.cookie });
    expect((await api.graphql(CREATE, { name: 'site' }, { cookie: owner.cookie })).data?.createRepository).toEqual({
      __typename: 'NameTaken',
      code: 'NAME_TAKEN',
    });
    expect((await api.graphql(CREATE, { name: 'site' }, { cookie: other.cookie })).data?.createRepository?.__typename).toBe('RepositoryCreated');
    for (const name of ['', '-lead', 'has space', 'x'.repeat(101)]) {
      expect((await api.graphql(CREATE, { name }, { cookie: owner.cookie })).errors?.[0]?.extensions?.code, name).toBe('BAD_INPUT');
    }
    expect(await api.db.prisma.repository.count()).toBe(2);
  });

  apiTest('are not visible to anonymous callers', async ({ api }) => {
    expect((await api.graphql('{ repositories { nodes { name } } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
