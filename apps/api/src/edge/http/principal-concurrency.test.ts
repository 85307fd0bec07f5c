import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { waitFor, type TestApi, lockWaiters } from '../../../test/testkit.js';
import { openDatabase } from '../../platform/db/database.js';
import { spawnApi } from '../../../test/spawn-api.js';

const ASK = `mutation($input: RequestSignOffInput!) {
  requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { id agent { name owner { tenant { id } } } } } ... on DomainError { code } }
}`;

async function ask(url: string, key: string, i: number, idempotencyKey?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const variables = { input: { op: 'repository.mintToken', repository: 'target', input: { scopes: ['read'], ttlHours: i + 1 }, summary: `token ${i}` } };
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: ASK, variables }) });
  const body = (await response.json()) as { data?: { requestSignOff?: { __typename: string } } | null; errors?: { extensions?: { code?: string } }[] };
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    typename: body.data?.requestSignOff?.__typename,
    code: body.errors?.[0]?.extensions?.code,
  };
}

/** Holds the agent's row lock, as a long ask of its own would (the same lock strength), until released. */
async function holdAgentLock(api: TestApi, agentId: string) {
  const blocker = new pg.Client({ connectionString: api.db.url });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1 FROM agents WHERE id = $1 FOR NO KEY UPDATE', [agentId]);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await blocker.query('COMMIT');
    await blocker.end();
  };
}

describe('one principal cannot take every connection', () => {
  apiTest('refuses requests over the per-principal bound at once with RATE_LIMITED and Retry-After, while another tenant is served', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    const stranger = await api.owner();
    const server = await spawnApi({ config: testConfig({ maxConcurrentPerPrincipal: 4 }), db: api.db, bus: api.bus, log: testLog });
    const release = await holdAgentLock(api, agent.id);
    try {
      const admitted = Array.from({ length: 4 }, (_, i) => ask(server.url, agent.key, i));
      await waitFor(async () => (await lockWaiters(api)) === 4);
      // Four wait on the lock; the next ones are refused without waiting for anything.
      const refused = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(server.url, agent.key, 10 + i)));
      expect(refused).toEqual(Array(6).fill({ status: 429, retryAfter: '1', typename: undefined, code: 'RATE_LIMITED' }));
      const other = await api.graphql('{ repositories { nodes { id } } }', {}, { cookie: stranger.cookie }, server.url);
      expect(other).toMatchObject({ status: 200, data: { repositories: { nodes: [] } }, errors: undefined });
      await release();
      expect((await Promise.all(admitted)).map((answer) => answer.typename)).toEqual(Array(4).fill('SignOffRequested'));
      // The slots came back: the agent is served again.
      expect((await ask(server.url, agent.key, 20)).typename).toBe('SignOffRequested');
      expect(await api.db.prisma.signOff.count()).toBe(5);
    } finally {
      await release();
      await server.close();
    }
  });

  apiTest('lets a keyed request that holds a lock read its answer inside its own transaction, so waiters filling the pool cannot stall it', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    // Four pooled connections for reads and plain writes; keyed writes hold their own.
    const small = await openDatabase({ databaseUrl: api.db.url, dataDir: '', log: testLog, maxConnections: 4, runMigrations: false });
    const server = await spawnApi({ config: testConfig(), db: small, bus: api.bus, log: testLog });
    const release = await holdAgentLock(api, agent.id);
    try {
      // The keyed ask queues first for the agent's lock, then four plain asks fill the read pool waiting behind it.
      const keyed = ask(server.url, agent.key, 0, 'first-in-line');
      await waitFor(async () => (await lockWaiters(api)) === 1);
      const plain = Array.from({ length: 4 }, (_, i) => ask(server.url, agent.key, 1 + i));
      await waitFor(async () => (await lockWaiters(api)) === 5);
      await release();
      const answers = await Promise.all([keyed, ...plain]);
      expect(answers.map((answer) => [answer.status, answer.typename])).toEqual(Array(5).fill([200, 'SignOffRequested']));
      expect(await api.db.prisma.signOff.count()).toBe(5);
    } finally {
      await release();
      await server.close();
      await small.close();
    }
  });

  apiTest('holds WebSocket queries and mutations to the same bound, while waiting subscriptions take no slot', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    const server = await spawnApi({ config: testConfig({ maxConcurrentPerPrincipal: 2 }), db: api.db, bus: api.bus, log: testLog });
    const client = api.subscriber({ key: agent.key }, server.url);
    const run = (query: string, variables: Record<string, unknown> = {}) =>
      new Promise<unknown>((resolve) => {
        client.subscribe({ query, variables }, { next: (result) => resolve(result), error: (error) => resolve({ error }), complete: () => undefined });
      });
    const askOverSocket = (i: number) =>
      run(ASK, { input: { op: 'repository.mintToken', repository: 'target', input: { scopes: ['read'], ttlHours: i + 1 }, summary: `token ${i}` } });
    const release = await holdAgentLock(api, agent.id);
    try {
      // Three idle subscriptions: none of them holds a slot.
      for (let i = 0; i < 3; i++)
        client.subscribe(
          { query: 'subscription { authorityEvents { __typename } }' },
          { next: () => undefined, error: () => undefined, complete: () => undefined },
        );
      const admitted = [askOverSocket(1), askOverSocket(2)];
      await waitFor(async () => (await lockWaiters(api)) === 2);
      expect(await askOverSocket(3)).toEqual({ error: [expect.objectContaining({ extensions: { code: 'RATE_LIMITED' } })] });
      await release();
      const answers = (await Promise.all(admitted)) as { data: { requestSignOff: { __typename: string } } }[];
      expect(answers.map((answer) => answer.data.requestSignOff.__typename)).toEqual(['SignOffRequested', 'SignOffRequested']);
      // Completed operations gave their slots back.
      expect(await askOverSocket(4)).toMatchObject({ data: { requestSignOff: { __typename: 'SignOffRequested' } } });
    } finally {
      await release();
      await client.dispose();
      await server.close();
    }
  });

  apiTest('keeps a slot taken while the work of a request whose client hung up goes on, and gives it back when that work ends', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    const server = await spawnApi({ config: testConfig({ maxConcurrentPerPrincipal: 2 }), db: api.db, bus: api.bus, log: testLog });
    const release = await holdAgentLock(api, agent.id);
    try {
      const hangUps = Array.from({ length: 2 }, () => new AbortController());
      const abandoned = hangUps.map((controller, i) =>
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          signal: controller.signal,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${agent.key}` },
          body: JSON.stringify({
            query: ASK,
            variables: { input: { op: 'repository.mintToken', repository: 'target', input: { scopes: ['read'], ttlHours: i + 1 }, summary: 'left' } },
          }),
        }).catch((error: Error) => error),
      );
      await waitFor(async () => (await lockWaiters(api)) === 2);
      for (const controller of hangUps) controller.abort();
      expect(await Promise.all(abandoned)).toEqual([expect.any(Error), expect.any(Error)]);
      // Their statements still wait in PostgreSQL: hanging up must not hand their slots to new work.
      expect(await ask(server.url, agent.key, 10)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      await release();
      // The abandoned work finishes (both asks are stored) and the slots come back.
      await waitFor(async () => (await api.db.prisma.signOff.count()) === 2);
      await waitFor(async () => (await ask(server.url, agent.key, 11)).typename === 'SignOffRequested');
    } finally {
      await release();
      await server.close();
    }
  });
  apiTest("counts draws that skip the separate key check against the agent's one bound, with its other requests", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    const authority = await api.authority(owner, agent.id, { tokens: 100 });
    const server = await spawnApi({ config: testConfig({ maxConcurrentPerPrincipal: 4 }), db: api.db, bus: api.bus, log: testLog });
    const releaseAgent = await holdAgentLock(api, agent.id);
    const balance = new pg.Client({ connectionString: api.db.url });
    await balance.connect();
    await balance.query('BEGIN');
    await balance.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [authority]);
    const draw = (dispatchKey: string) => api.draw(agent.key, { authority, dispatchKey, tokens: 1 }, server.url);
    try {
      // Two asks wait on the agent's row, two draws on the balance row: four slots, one agent.
      const asks = [ask(server.url, agent.key, 0), ask(server.url, agent.key, 1)];
      const draws = [draw('d0'), draw('d1')];
      await waitFor(async () => (await lockWaiters(api)) === 4);
      expect((await ask(server.url, agent.key, 2)).code).toBe('RATE_LIMITED');
      expect((await draw('d2')).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      await balance.query('COMMIT');
      await releaseAgent();
      expect((await Promise.all(draws)).map((answer) => answer.__typename)).toEqual(['Drawn', 'Drawn']);
      expect((await Promise.all(asks)).map((answer) => answer.typename)).toEqual(['SignOffRequested', 'SignOffRequested']);
    } finally {
      await balance.end();
      await releaseAgent();
      await server.close();
    }
  });
});
