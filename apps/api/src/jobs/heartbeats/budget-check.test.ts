import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, testLog } from '../../../test/fixtures.js';
import { createPool } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { checkConnectionBudget, ConnectionBudgetError } from './budget-check.js';
import { readConnectionFigures, recentInstances } from './store.js';

/** A heartbeat row as another process would have written it, `secondsAgo` old. */
async function seedHeartbeat(pool: pg.Pool, connectionsMax: number | null, options: { draining?: boolean; secondsAgo?: number } = {}): Promise<void> {
  await pool.query(
    `INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, last_seen_at, bus_connected, connections_max, draining)
     VALUES ($1, 'elsewhere', 4242, '0.1.0', now(), now() - make_interval(secs => $2), true, $3, $4)`,
    [randomUUID(), options.secondsAgo ?? 0, connectionsMax, options.draining ?? false],
  );
}

/** The logger's lines, as objects, for the assertions on what a warning names. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
}

describe('the connection budget a start adds up', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let usable: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, testLog, 2);
    const { rows } = await pool.query<{ max: number; reserved: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int + coalesce(current_setting('reserved_connections', true)::int, 0) AS reserved`,
    );
    usable = rows[0]!.max - rows[0]!.reserved;
    // Two live processes (31 and 16), and three that must not count: one draining, one gone quiet, one that did not say.
    await seedHeartbeat(pool, 31);
    await seedHeartbeat(pool, 16);
    await seedHeartbeat(pool, 500, { draining: true });
    await seedHeartbeat(pool, 500, { secondsAgo: 120 });
    await seedHeartbeat(pool, null);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  test('counts the live processes that said what they may hold, and leaves out the draining, the stale and the older', async () => {
    const figures = await readConnectionFigures(pool, 60);
    expect(figures).toMatchObject({ liveProcesses: 2, liveConnections: 47, uncounted: 1 });
    expect(figures.maxConnections - figures.reserved).toBe(usable);
  });

  test('an instance that takes exactly what is left fits, and says so at info', async () => {
    const { log, lines } = capturingLogger();
    const report = await checkConnectionBudget(pool, usable - 47, 'refuse', log);
    expect(report).toMatchObject({ fits: true, planned: usable - 47, usable, liveConnections: 47 });
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[30, 'connection budget: fits']]);
  });

  test('one connection more: warn logs every figure and the settings that change them, and lets the start go on', async () => {
    const { log, lines } = capturingLogger();
    const report = await checkConnectionBudget(pool, usable - 46, 'warn', log);
    expect(report?.fits).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, planned: usable - 46, liveProcesses: 2, liveConnections: 47, uncounted: 1, usable });
    expect(lines[0]!.msg).toBe(
      `connection budget: this instance may hold ${usable - 46} PostgreSQL connections and the 2 live processes (and 1 of an older version, not counted) 47, ` +
        `together ${usable + 1}, over the ${usable} that max_connections ${report!.maxConnections} leaves after ${report!.reserved} reserved; ` +
        `lower COUNTERSIGN_DB_POOL_MAX or COUNTERSIGN_WORKERS, put PgBouncer in front, or raise max_connections (docs/deploy.md, "Connection budget")`,
    );
  });

  test('refuse stops the start with the same figures', async () => {
    const { log, lines } = capturingLogger();
    const refused = checkConnectionBudget(pool, usable - 46, 'refuse', log);
    await expect(refused).rejects.toBeInstanceOf(ConnectionBudgetError);
    await expect(refused).rejects.toThrow(/^connection budget: this instance may hold \d+ .* not starting \(COUNTERSIGN_DB_BUDGET_CHECK=refuse\)$/);
    expect(lines).toEqual([]);
  });

  test('off reads nothing at all: not even a database that cannot answer stops it', async () => {
    const unreachable = createPool('postgresql://countersign@127.0.0.1:1/none', testLog, 1);
    try {
      expect(await checkConnectionBudget(unreachable, 10_000, 'off', testLog)).toBeUndefined();
    } finally {
      await unreachable.end();
    }
  });
});

describe('a heartbeat table from before the heartbeat_connections migration', () => {
  test('still lists its instances for status, as of unknown connections and not draining', async () => {
    const database = await createTestDatabase();
    const pool = createPool(database.url, testLog, 2);
    try {
      await pool.query(`ALTER TABLE instance_heartbeats DROP COLUMN connections_max, DROP COLUMN draining`);
      await pool.query(
        `INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, bus_connected) VALUES ($1, 'older', 7, '0.0.9', now(), true)`,
        [randomUUID()],
      );
      expect(await recentInstances(pool, 60)).toEqual([expect.objectContaining({ hostname: 'older', connectionsMax: null, draining: false })]);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
