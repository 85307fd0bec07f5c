import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { lockWaiters, waitFor } from '../../../test/testkit.js';

describe('a list aliased many times in one request', () => {
  apiTest('is read once per request, so twenty aliases take one connection, not twenty', async ({ api }) => {
    const owner = await api.owner();
    const other = await api.owner();
    await api.repository(owner, 'docs');
    const blocker = new pg.Client({ connectionString: api.db.url });
    await blocker.connect();
    try {
      // Every read of the table waits here, so the waiters show how many reads each request makes.
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE repositories IN ACCESS EXCLUSIVE MODE');
      const aliased = api.graphql(
        `{ ${Array.from({ length: 20 }, (_, i) => `r${i}: repositories { nodes { name } }`).join(' ')} }`,
        {},
        { cookie: owner.cookie },
      );
      await waitFor(async () => (await lockWaiters(api)) >= 1);
      // A second request's read starts after every alias of the first has been issued.
      const single = api.graphql('{ repositories { nodes { name } } }', {}, { cookie: other.cookie });
      await waitFor(async () => (await lockWaiters(api)) >= 2);
      expect(await lockWaiters(api)).toBe(2);
      await blocker.query('COMMIT');
      const answer = await aliased;
      expect(Object.values(answer.data ?? {})).toEqual(Array(20).fill({ nodes: [{ name: 'docs' }] }));
      expect((await single).data).toEqual({ repositories: { nodes: [] } });
    } finally {
      await blocker.end();
    }
  });
});
