import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { stringMatching } from '../../../test/matchers.js';
import { fromJson, waitFor, type TestApi, lockWaiters } from '../../../test/testkit.js';
import { openDatabase } from '../../platform/db/database.js';
import { sweepOnce } from '../../jobs/sweeper/sweeper.js';
import { claimKey } from './store.js';
import { spawnApi } from '../../../test/spawn-api.js';

const DRAW = `mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename ... on Drawn { receipt { ordinal tokens } } ... on DomainError { code } } }`;
const REPO = `mutation($name: String!) { createRepository(input: { name: $name }) { __typename ... on RepositoryCreated { repository { id code } } } }`;
const PUBLISH = `mutation($input: PublishManifestInput!) { publishManifest(input: $input) { __typename ... on ManifestPublished { verdict manifest { digest } } } }`;
const ASK = `mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { __typename ... on SignOffRequested { signOff { id } } } }`;

async function seed(api: TestApi, tokens = 100) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const authority = await api.authority(owner, agent.id, { tokens });
  return { owner, agent, authority };
}

/** One raw POST, so bodies can be compared byte for byte. */
async function post(url: string, key: string, idempotencyKey: string | undefined, query: string, variables: Record<string, unknown>) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return {
    status: response.status,
    text: await response.text(),
    replayed: response.headers.get('idempotent-replayed'),
    retryAfter: response.headers.get('retry-after'),
  };
}

const receipts = async (api: TestApi) => (await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM authority_receipts')).rows[0]!.n;
const keyRow = async (api: TestApi, key: string) =>
  (await api.db.pool.query<{ state: string; response: unknown }>('SELECT state, response FROM idempotency_keys WHERE key = $1', [key])).rows[0];

describe('idempotency keys', () => {
  apiTest(
    'replays the first answer byte for byte, marked replayed, and writes once — for draws, repositories, sign-off requests and manifests',
    async ({ api }) => {
      const { owner, agent, authority } = await seed(api);
      await api.repository(owner, 'target');
      const cases: [string, Record<string, unknown>, () => Promise<number>][] = [
        [DRAW, { input: { authority, dispatchKey: 'd1', tokens: 3 } }, () => receipts(api)],
        [REPO, { name: 'made-once' }, async () => api.db.prisma.repository.count()],
        [ASK, { input: { op: 'repository.unserve', repository: 'target', input: {}, summary: 'pause it' } }, async () => api.db.prisma.signOff.count()],
        [PUBLISH, { input: { content: '{"name":"once","version":"1.0.0"}' } }, async () => api.db.prisma.manifest.count()],
      ];
      for (const [query, variables, count] of cases) {
        const before = await count();
        const first = await post(api.url, agent.key, `key-${query.length}`, query, variables);
        const second = await post(api.url, agent.key, `key-${query.length}`, query, variables);
        expect(first.status).toBe(200);
        expect(first.replayed).toBeNull();
        expect(second).toEqual({ ...first, replayed: 'true' });
        expect(await count()).toBe(before + 1);
      }
    },
  );

  apiTest('writes once when 32 requests race with one key; the rest replay or are told it is in use', async ({ api }) => {
    const { agent, authority } = await seed(api, 1000);
    for (let round = 0; round < 5; round++) {
      const variables = { input: { authority, dispatchKey: `race-${round}`, tokens: 1 } };
      const answers = await Promise.all(Array.from({ length: 32 }, () => post(api.url, agent.key, `race-key-${round}`, DRAW, variables)));
      const written = answers.filter((a) => a.status === 200 && a.replayed === null);
      const replays = answers.filter((a) => a.replayed === 'true');
      const busy = answers.filter((a) => a.status === 409);
      expect(written).toHaveLength(1);
      expect(replays.length + busy.length).toBe(31);
      for (const replay of replays) expect(replay.text).toBe(written[0]!.text);
      for (const refusal of busy) {
        expect(fromJson(refusal.text).errors?.[0]?.extensions?.code).toBe('IDEMPOTENCY_KEY_IN_USE');
        expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1);
      }
    }
    expect(await receipts(api)).toBe(5);
  });

  apiTest('refuses the same key with different arguments as IDEMPOTENCY_KEY_REUSED (422), writing nothing', async ({ api }) => {
    const { agent, authority } = await seed(api);
    await post(api.url, agent.key, 'k', DRAW, { input: { authority, dispatchKey: 'a', tokens: 1 } });
    const reused = await post(api.url, agent.key, 'k', DRAW, { input: { authority, dispatchKey: 'a', tokens: 2 } });
    expect(reused.status).toBe(422);
    expect(fromJson(reused.text).errors?.[0]?.extensions).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', differs: ['input.tokens'] });
    const otherField = await post(api.url, agent.key, 'k', REPO, { name: 'sneaky' });
    expect(otherField.status).toBe(422);
    expect(await receipts(api)).toBe(1);
    expect(await api.db.prisma.repository.count()).toBe(0);
  });

  apiTest('names what differs when a key is reused: the changed summary, another field, nothing for a row from before parts were kept', async ({ api }) => {
    const { owner, agent } = await seed(api);
    await api.repository(owner, 'target');
    const ask = (summary: string) => ({ input: { op: 'repository.unserve', repository: 'target', input: {}, summary } });
    expect((await post(api.url, agent.key, 'ask-1', ASK, ask('pause it'))).status).toBe(200);
    // The parts are salted hashes: the stored row never holds the summary in clear.
    const [stored] = (await api.db.pool.query<{ parts: string }>(`SELECT request_parts::text AS parts FROM idempotency_keys WHERE key = 'ask-1'`)).rows;
    expect(stored!.parts).not.toMatch(/pause it|unserve|target/);
    const changed = await post(api.url, agent.key, 'ask-1', ASK, ask('pause it now'));
    expect(changed.status).toBe(422);
    expect(fromJson(changed.text).errors?.[0]).toMatchObject({
      message:
        'This Idempotency-Key was used for a requestSignOff request whose input.summary differed; use a new key for a new request, or send the first request again unchanged to get its answer.',
      extensions: { code: 'IDEMPOTENCY_KEY_REUSED', differs: ['input.summary'] },
    });
    const field = await post(api.url, agent.key, 'ask-1', REPO, { name: 'other' });
    expect(fromJson(field.text).errors?.[0]).toMatchObject({
      message: stringMatching(/^This Idempotency-Key was used for requestSignOff, not createRepository;/),
      extensions: { code: 'IDEMPOTENCY_KEY_REUSED', differs: ['field'] },
    });
    await api.db.pool.query(`UPDATE idempotency_keys SET request_parts = NULL WHERE key = 'ask-1'`);
    const old = fromJson((await post(api.url, agent.key, 'ask-1', ASK, ask('pause it now'))).text).errors?.[0];
    expect(old?.message).toBe('This Idempotency-Key was used for a different request; use a new key for a new request.');
    expect(old?.extensions).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await api.db.prisma.signOff.count()).toBe(1);
  });

  apiTest('frees the key after a refusal, so a corrected retry with the same key proceeds', async ({ api }) => {
    const { agent, authority } = await seed(api, 5);
    const refused = await post(api.url, agent.key, 'fix-me', DRAW, { input: { authority, dispatchKey: 'x', tokens: 6 } });
    expect(fromJson(refused.text).data?.drawAuthority?.code).toBe('EXHAUSTED');
    expect(await keyRow(api, 'fix-me')).toBeUndefined();
    const corrected = await post(api.url, agent.key, 'fix-me', DRAW, { input: { authority, dispatchKey: 'x', tokens: 5 } });
    expect(fromJson(corrected.text).data?.drawAuthority?.__typename).toBe('Drawn');
    expect((await keyRow(api, 'fix-me'))?.state).toBe('done');
  });

  apiTest('lets exactly one write commit when a stalled writer outlives its lease and another takes over', async ({ api }) => {
    const { agent, authority } = await seed(api);
    const server = await spawnApi({ config: testConfig({ idempotencyLeaseMs: 300 }), db: api.db, bus: api.bus, log: testLog });
    const blocker = new pg.Client({ connectionString: api.db.url });
    await blocker.connect();
    try {
      // Hold the balance row so the first writer stalls inside its transaction.
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [authority]);
      const variables = { input: { authority, dispatchKey: 'slow', tokens: 4 } };
      const stalled = post(server.url, agent.key, 'lease', DRAW, variables);
      await waitFor(async () => (await lockWaiters(api)) === 1);
      const { claim_token: stalledToken } = (await api.db.pool.query<{ claim_token: string }>(`SELECT claim_token FROM idempotency_keys WHERE key = 'lease'`))
        .rows[0]!;
      await waitFor(async () => (await api.db.pool.query(`SELECT 1 FROM idempotency_keys WHERE key = 'lease' AND lease_until < now()`)).rowCount === 1);
      const takeover = post(server.url, agent.key, 'lease', DRAW, variables);
      // The second request took the claim over, and now queues behind the first on the held row.
      await waitFor(
        async () => (await api.db.pool.query(`SELECT 1 FROM idempotency_keys WHERE key = 'lease' AND claim_token <> $1`, [stalledToken])).rowCount === 1,
      );
      await waitFor(async () => (await lockWaiters(api)) === 2);
      await blocker.query('COMMIT');
      const [first, second] = await Promise.all([stalled, takeover]);
      expect(first.status).toBe(409);
      expect(fromJson(first.text).errors?.[0]?.message).toMatch(/took it over; nothing was written by this one/);
      expect(fromJson(second.text).data?.drawAuthority?.__typename).toBe('Drawn');
      expect(await receipts(api)).toBe(1);
      expect((await keyRow(api, 'lease'))?.state).toBe('done');
    } finally {
      await blocker.end();
      await server.close();
    }
  });

  apiTest('hands a pending key to a second claimant only once its lease has run out', async ({ api }) => {
    const { agent } = await seed(api);
    const { tenantId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    const scope = { tenantId, agentId: agent.id, key: 'leased' };
    const hash = { hash: 'a'.repeat(64), parts: {} };
    const first = await claimKey(api.db.pool, scope, 'createRepository', hash, 60_000);
    expect(first.outcome).toBe('claimed');
    // The first claimant's writer is still running: its lease holds.
    expect(await claimKey(api.db.pool, scope, 'createRepository', hash, 60_000)).toMatchObject({ outcome: 'in-flight' });
    await api.db.pool.query(`UPDATE idempotency_keys SET lease_until = now() - interval '1 millisecond' WHERE key = 'leased'`);
    const second = await claimKey(api.db.pool, scope, 'createRepository', hash, 60_000);
    expect(second.outcome).toBe('claimed');
    expect(second).not.toEqual(first);
  });

  apiTest('never leaves a key done without its write when the API process is killed mid-request', async ({ api }) => {
    const { agent, authority } = await seed(api);
    const doomed = await spawnApi(api.db.url, { COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '500' });
    const blocker = new pg.Client({ connectionString: api.db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [authority]);
      const variables = { input: { authority, dispatchKey: 'crash', tokens: 2 } };
      const lost = post(doomed.url, agent.key, 'crash-key', DRAW, variables).catch((error: Error) => error);
      await waitFor(async () => (await lockWaiters(api)) === 1);
      await doomed.kill();
      expect(await lost).toBeInstanceOf(Error);
      await blocker.query('COMMIT');
      // The killed process's backend notices its client is gone and rolls back.
      await waitFor(
        async () =>
          (
            await api.db.pool.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND (state = 'idle in transaction' OR wait_event_type = 'Lock')`,
            )
          ).rowCount === 0,
      );
      expect((await keyRow(api, 'crash-key'))?.state).toBe('pending');
      expect(await receipts(api)).toBe(0);
      await waitFor(async () => (await api.db.pool.query(`SELECT 1 FROM idempotency_keys WHERE key = 'crash-key' AND lease_until < now()`)).rowCount === 1);
      const retry = await post(api.url, agent.key, 'crash-key', DRAW, variables);
      expect(fromJson(retry.text).data?.drawAuthority?.__typename).toBe('Drawn');
      expect(await receipts(api)).toBe(1);
    } finally {
      await blocker.end();
      await doomed.stop();
    }
  });

  apiTest('keeps keys apart per agent and tenant, and sweeps them after a day', async ({ api }) => {
    const one = await seed(api);
    const two = await seed(api);
    await post(api.url, one.agent.key, 'shared', REPO, { name: 'first' });
    const other = await post(api.url, two.agent.key, 'shared', REPO, { name: 'second' });
    expect(other.replayed).toBeNull();
    expect(fromJson(other.text).data?.createRepository?.__typename).toBe('RepositoryCreated');
    await api.db.pool.query(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE agent_id = $1`, [one.agent.id]);
    expect((await sweepOnce(api.db, testLog))['old idempotency keys']).toBe(1);
    expect((await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys')).rows[0]!.n).toBe(1);
  });

  apiTest('refuses malformed keys, several fields, queries, owners and secret takes with BAD_INPUT, claiming nothing', async ({ api }) => {
    const { owner, agent, authority } = await seed(api);
    const bad: [string, string | undefined, string, Record<string, unknown>, RegExp][] = [
      [agent.key, 'x'.repeat(256), REPO, { name: 'a' }, /1 to 255 printable/],
      [agent.key, 'tab\there', REPO, { name: 'a' }, /1 to 255 printable/],
      [
        agent.key,
        'two',
        `mutation { a: createRepository(input: { name: "a" }) { __typename } b: createRepository(input: { name: "b" }) { __typename } }`,
        {},
        /one mutation field/,
      ],
      [agent.key, 'q', '{ viewer { __typename } }', {}, /mutations only/],
      [agent.key, 's', 'mutation { takeSignOffSecret(id: "00000000-0000-4000-8000-000000000000") { __typename } }', {}, /never stored/],
      [agent.key, 'v', DRAW, { input: { authority, dispatchKey: 'x', tokens: 'many' } }, /Amount must be a JSON number/],
    ];
    for (const [key, idempotencyKey, query, variables, message] of bad) {
      const answer = await post(api.url, key, idempotencyKey, query, variables);
      expect(answer.status, String(message)).toBe(400);
      expect(fromJson(answer.text).errors?.[0]).toMatchObject({ message: stringMatching(message), extensions: { code: 'BAD_INPUT' } });
    }
    const byOwner = await api.graphql(REPO, { name: 'owned' }, { cookie: owner.cookie, headers: { 'idempotency-key': 'o' } });
    expect(byOwner.errors?.[0]?.message).toMatch(/for agent writes/);
    expect((await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys')).rows[0]!.n).toBe(0);
    expect(await api.db.prisma.repository.count()).toBe(0);
    void authority;
  });

  apiTest('serves more concurrent keyed writes than the pool has connections, without starving their reads', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await api.repository(owner, 'target');
    const small = await openDatabase({ databaseUrl: api.db.url, dataDir: '', log: testLog, maxConnections: 3, runMigrations: false });
    const server = await spawnApi({ config: testConfig(), db: small, bus: api.bus, log: testLog });
    try {
      // Each answer reads the asking agent through the read pool while the write holds its own connection.
      const query = `mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { ... on SignOffRequested { signOff { agent { name } } } } }`;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(server.url, agent.key, `many-${i}`, query, {
            input: { op: 'repository.mintToken', repository: 'target', input: { scopes: ['read'], ttlHours: i + 1 }, summary: 'token' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      expect(await api.db.prisma.signOff.count()).toBe(12);
    } finally {
      await server.close();
      await small.close();
    }
  });

  apiTest(
    'refuses to keep an answer larger than a replay can hold, undoing the write, so aliases cannot turn keyed writes into stored megabytes',
    async ({ api }) => {
      const { agent } = await seed(api);
      const filler = 'x'.repeat(30_000);
      const content = JSON.stringify({ name: 'big-answer', version: '1', filler });
      const aliases = Array.from({ length: 10 }, (_, i) => `m${i}: manifest { content canonical }`).join(' ');
      const query = `mutation($input: PublishManifestInput!) { publishManifest(input: $input) { ... on ManifestPublished { ${aliases} } } }`;
      const answer = await post(api.url, agent.key, 'big', query, { input: { content } });
      expect(answer.status).toBe(400);
      expect(fromJson(answer.text).errors?.[0]).toMatchObject({
        message: stringMatching(/more than a replay can keep \(262144\); nothing was written/),
        extensions: { code: 'BAD_INPUT' },
      });
      expect(await api.db.prisma.manifest.count()).toBe(0);
      expect(await keyRow(api, 'big')).toBeUndefined();
      // Selecting less, the same key goes through.
      const small = await post(api.url, agent.key, 'big', PUBLISH, { input: { content } });
      expect(fromJson(small.text).data?.publishManifest?.verdict).toBe('INSERTED');
    },
  );
});
