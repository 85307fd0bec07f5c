import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/fixtures.js';
import { finished, freePort } from '../../test/processes.js';
import { launchApi, spawnApi } from '../../test/spawn-api.js';
import { waitFor } from '../../test/testkit.js';

/** What the connections of the process with heartbeat `id` are called in pg_stat_activity, by role. */
async function rolesOf(client: pg.Client, id: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE $1 ORDER BY 1`,
    [`countersign/${id.slice(0, 8)}/%`],
  );
  return rows.map((row) => row.name.split('/').at(-1)!);
}

describe('the connection budget at start', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  let usable: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ usable: number }>(
      `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int
              - coalesce(current_setting('reserved_connections', true)::int, 0) AS usable`,
    );
    usable = rows[0]!.usable;
    // Another live instance that may already take all but 30 of what PostgreSQL allows: a single process (31) is one too many.
    await client.query(
      `INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, bus_connected, connections_max)
       VALUES ($1, 'elsewhere', 4242, '0.1.0', now(), true, $2)`,
      [randomUUID(), usable - 30],
    );
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  test('with COUNTERSIGN_DB_BUDGET_CHECK=refuse a server that would pass max_connections exits 1 naming the figures, and leaves no heartbeat', async () => {
    const port = await freePort();
    const { code, stderr } = await finished(
      launchApi({
        DATABASE_URL: database.url,
        PORT: String(port),
        NODE_ENV: 'test',
        COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
        COUNTERSIGN_DB_BUDGET_CHECK: 'refuse',
      }),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `countersign failed to start: connection budget: this instance may hold 31 PostgreSQL connections and the 1 live processes ${usable - 30}, ` +
        `together ${usable + 1}, over the ${usable} that max_connections ${stderr.match(/max_connections (\d+)/)![1]} leaves after ` +
        `${stderr.match(/after (\d+) reserved/)![1]} reserved; lower COUNTERSIGN_DB_POOL_MAX or COUNTERSIGN_WORKERS, put PgBouncer in front, ` +
        `or raise max_connections (docs/deploy.md, "Connection budget"); not starting (COUNTERSIGN_DB_BUDGET_CHECK=refuse)`,
    );
    expect((await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM instance_heartbeats`)).rows[0]!.n).toBe(1);
  }, 120_000);

  test('a server within the budget says it fits; its heartbeat says what it may hold, its connections say who they are, and a drain says so at once', async () => {
    const api = await spawnApi(database.url, { LOG_LEVEL: 'info', COUNTERSIGN_DB_POOL_MAX: '6', COUNTERSIGN_SHUTDOWN_DRAIN_MS: '60000' });
    try {
      // The pool of 6 is within the budget: the warning comes only from one too many. 6 + 3 + 1 = 10.
      const beat = async () =>
        (
          await client.query<{ id: string; connections_max: number; draining: boolean }>(
            `SELECT id, connections_max, draining FROM instance_heartbeats WHERE hostname <> 'elsewhere'`,
          )
        ).rows;
      await waitFor(async () => (await beat()).length === 1);
      const [row] = await beat();
      expect(row).toMatchObject({ connections_max: 10, draining: false });
      // A request through the pool and the bus's LISTEN: both named for this process (a single one) and their role.
      expect(
        (await fetch(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })).status,
      ).toBe(200);
      await waitFor(async () => (await rolesOf(client, row!.id)).includes('listen'));
      const names = (
        await client.query<{ name: string }>(`SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE application_name LIKE $1`, [
          `countersign/${row!.id.slice(0, 8)}/%`,
        ])
      ).rows;
      for (const { name } of names) expect(name).toMatch(new RegExp(`^countersign/${row!.id.slice(0, 8)}/single/(pool|writes|listen|other)$`));
      api.signal('SIGTERM');
      await waitFor(async () => (await beat())[0]?.draining === true);
      await api.kill();
      const { stdout } = await api.output();
      const fits = stdout.split('\n').filter((line) => line.includes('"connection budget: fits"'));
      expect(fits).toHaveLength(1);
      expect(JSON.parse(fits[0]!)).toMatchObject({ planned: 10, liveConnections: usable - 30, liveProcesses: 1 });
    } finally {
      await api.kill();
    }
  }, 120_000);

  test('one connection over, the default warns with the figures and still serves', async () => {
    const api = await spawnApi(database.url, { LOG_LEVEL: 'info' });
    try {
      expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
      await api.stop();
      const warning = (await api.output()).stdout.split('\n').find((line) => line.includes('connection budget: this instance may hold 31'));
      expect(JSON.parse(warning!)).toMatchObject({ level: 40, planned: 31, liveConnections: usable - 30, usable });
    } finally {
      await api.kill();
    }
  }, 120_000);
});
