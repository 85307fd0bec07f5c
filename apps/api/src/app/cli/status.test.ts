import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { apiTest, dbTest, testLog } from '../../../test/fixtures.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { waitFor } from '../../../test/testkit.js';
import { startHeartbeat } from '../../jobs/heartbeats/heartbeat.js';
import { recentInstances, sweepOldHeartbeats } from '../../jobs/heartbeats/store.js';
import { createPool } from '../../platform/db/database.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import type { Logger } from '../../platform/logger.js';
import { formatStatus, readStatus, type DatabaseStatus } from './status.js';
import { spawnApi } from '../../../test/spawn-api.js';

/** Runs `pnpm countersign status …` against the test's database, as an operator would. */
async function status(databaseUrl: string, args: string[] = []) {
  return finished(spawnTs('src/app/cli/main.ts', ['status', ...args], { DATABASE_URL: databaseUrl }));
}

describe('pnpm countersign status', () => {
  apiTest(
    'lists a running API instance with its bus connected, and counts the owners, agents, waiting sign-offs and outbox rows the database holds',
    async ({ api }) => {
      const instance = await spawnApi(api.db.url);
      try {
        const owner = await api.owner();
        const other = await api.owner();
        const agent = await api.agent(owner);
        await api.agent(other);
        const repo = await api.repository(owner);
        const first = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
        await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 4 } });
        // One of the two waits on a second approval (issue 16's state), requested ten minutes ago.
        await api.db.pool.query(
          `UPDATE sign_offs SET state = 'partially_approved', approvals_required = 2, requested_at = now() - interval '10 minutes' WHERE id = $1`,
          [first],
        );
        // An undelivered row created five minutes ago, tried once and due again in an hour (so no instance's worker
        // claims it); beside it one never tried and not due for a day, which is no backlog and is not counted.
        await api.db.pool.query(
          `INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at, created_at, attempts)
         SELECT row.id, o.tenant_id, 'webhook', row.target, '{}', now() + row.due_in, now() + interval '2 days', now() - interval '5 minutes', row.attempts
           FROM (SELECT tenant_id FROM owners LIMIT 1) o,
                (VALUES ($1::uuid, 'https://hooks.example.com/x', interval '1 hour', 1), ($2::uuid, 'https://hooks.example.com/y', interval '1 day', 0))
                  AS row (id, target, due_in, attempts)`,
          [randomUUID(), randomUUID()],
        );
        // The spawned instance's first beat is written as it starts serving.
        await waitFor(async () => (await recentInstances(api.db.pool, 60)).length > 0);

        // The seeded row is over five minutes old: past the default age bound, within this one (status-exit.test.ts tests the bound).
        const json = await status(api.db.url, ['--json', '--max-outbox-age-seconds', '3600']);
        expect(json.code, json.stderr).toBe(0);
        const read = JSON.parse(json.stdout) as DatabaseStatus;
        expect(read.instances).toHaveLength(1);
        expect(read.instances![0]).toMatchObject({ busConnected: true, version: '0.1.0' });
        expect(read.owners).toBe(2);
        expect(read.liveAgents).toBe(2);
        expect(read.waitingSignOffs.byState).toEqual({ pending: 1, partially_approved: 1 });
        expect(read.waitingSignOffs.total).toBe(2);
        expect(read.waitingSignOffs.oldestAgeSeconds).toBeGreaterThanOrEqual(600);
        // Per channel: the seeded webhook row (the requests' own event rows are the spawned instance's to deliver meanwhile).
        const webhook = read.outbox.find((row) => row.channel === 'webhook');
        expect(webhook?.depth).toBe(1);
        expect(webhook?.oldestAgeSeconds).toBeGreaterThanOrEqual(300);
        expect(read.migrations.pending).toEqual([]);
        // Every migration in the folder is applied; the latest is the last by name.
        const folder = readdirSync(MIGRATIONS_DIR)
          .filter((name) => /^\d{14}_/.test(name))
          .sort();
        expect(read.migrations.applied).toBe(folder.length);
        expect(read.migrations.latest).toBe(folder.at(-1));

        const text = await status(api.db.url, ['--max-outbox-age-seconds', '3600']);
        expect(text.code, text.stderr).toBe(0);
        const id = read.instances![0]!.id.slice(0, 8);
        expect(text.stdout).toMatch(
          new RegExp(
            `instances seen in the last minute: 1\\n  ${id}  \\S+  pid ${read.instances![0]!.pid}  v0\\.1\\.0  seen \\d+s ago  bus connected  db connections <= \\d+\\n`,
          ),
        );
        expect(text.stdout).toMatch(/sign-offs waiting: 2 \(1 partially_approved, 1 pending; oldest 10m \d+s\)/);
        expect(text.stdout).toMatch(/outbox webhook: 1 waiting, oldest 5m \d+s/);
        expect(text.stdout).toMatch(/migrations applied: \d+\nowners: 2\nlive agents: 2\nsetup needed: false/);
        expect(text.stdout).toContain('pending migrations: none');
      } finally {
        await instance.stop();
      }
    },
  );

  dbTest(
    'says an instance whose bus is down is DISCONNECTED, one whose drain began DRAINING, and leaves out instances silent for over a minute',
    async ({ database }) => {
      const beating = startHeartbeat(database.pool, () => false, testLog, { connectionsMax: 31 });
      await waitFor(async () => (await recentInstances(database.pool, 60)).length === 1);
      await database.pool.query(
        `INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, last_seen_at, bus_connected)
       VALUES ($1, 'gone', 1, '0.1.0', now() - interval '1 hour', now() - interval '61 seconds', true)`,
        [randomUUID()],
      );
      // Read while it still beats: a clean stop deletes its row.
      const text = await status(database.url);
      await beating.markDraining();
      const draining = await status(database.url);
      await beating.stop();
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toMatch(
        new RegExp(`instances seen in the last minute: 1\\n  ${beating.id.slice(0, 8)}  .*  bus DISCONNECTED  db connections <= 31\\n`),
      );
      expect(text.stdout).not.toContain('gone');
      expect(draining.stdout).toMatch(new RegExp(`\\n  ${beating.id.slice(0, 8)}  .*  bus DISCONNECTED  db connections <= 31  DRAINING\\n`));
    },
  );
});

describe('readStatus', () => {
  dbTest('names the migrations in the folder that the database has not applied', async ({ database }) => {
    // The folder as a newer release would ship it: every applied migration, and one more.
    const scratch = mkdtempSync(path.join(tmpdir(), 'countersign-status-'));
    try {
      for (const name of readdirSync(MIGRATIONS_DIR)) cpSync(path.join(MIGRATIONS_DIR, name), path.join(scratch, name), { recursive: true });
      mkdirSync(path.join(scratch, '29991231000000_from_the_future'));
      writeFileSync(path.join(scratch, '29991231000000_from_the_future', 'migration.sql'), 'SELECT 1;');
      const read = await readStatus(database, async () => true, scratch);
      expect(read.migrations.pending).toEqual(['29991231000000_from_the_future']);
      expect(formatStatus(read, 'connected')).toContain('pending migrations: 29991231000000_from_the_future\n');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe('instance heartbeats', () => {
  dbTest('a heartbeat that cannot reach the database is logged and retried, never thrown', async ({ database }) => {
    // A pool to a port nothing listens on: every beat fails, as during a database outage.
    const dead = createPool('postgresql://countersign@127.0.0.1:1/none', testLog, 1);
    const warnings: string[] = [];
    const log = { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as Logger;
    const beating = startHeartbeat(dead, () => true, log, { connectionsMax: 31, intervalMs: 20 });
    await waitFor(() => warnings.length >= 2);
    await beating.stop();
    await dead.end();
    expect(warnings.slice(0, 2)).toEqual(['heartbeat not recorded', 'heartbeat not recorded']);
    expect(await recentInstances(database.pool, 60)).toEqual([]);
  });

  dbTest('rows of instances not seen for a day are swept; a fresh beat updates its own row', async ({ database }) => {
    const old = randomUUID();
    await database.pool.query(
      `INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, last_seen_at, bus_connected)
       VALUES ($1, 'old', 1, '0.1.0', now() - interval '3 days', now() - interval '25 hours', true)`,
      [old],
    );
    const beating = startHeartbeat(database.pool, () => true, testLog, { connectionsMax: 31, intervalMs: 20 });
    await waitFor(async () => (await database.pool.query(`SELECT 1 FROM instance_heartbeats WHERE id = $1`, [old])).rowCount === 0);
    const first = (await recentInstances(database.pool, 60))[0]!;
    await waitFor(async () => (await recentInstances(database.pool, 60))[0]!.lastSeenAt.getTime() > first.lastSeenAt.getTime());
    const rows = await database.pool.query<{ id: string }>(`SELECT id FROM instance_heartbeats`);
    expect(rows.rows).toEqual([{ id: beating.id }]);
    expect(await sweepOldHeartbeats(database.pool)).toBe(0);
    // A clean stop takes its own row with it.
    await beating.stop();
    expect((await database.pool.query(`SELECT id FROM instance_heartbeats`)).rows).toEqual([]);
  });
});
