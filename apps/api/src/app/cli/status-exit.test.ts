import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect } from 'vitest';
import { dbTest, testLog } from '../../../test/fixtures.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { waitFor } from '../../../test/testkit.js';
import { spawnApi, type ApiProcess } from '../../../test/spawn-api.js';
import { startHeartbeat } from '../../jobs/heartbeats/heartbeat.js';
import { recentInstances } from '../../jobs/heartbeats/store.js';
import type { StatusProblem } from './status-checks.js';
import type { DatabaseStatus } from './status.js';

/** Runs `pnpm countersign status …` against the test's database, as an operator's script would. */
async function status(databaseUrl: string, args: string[] = []) {
  return finished(spawnTs('src/app/cli/main.ts', ['status', ...args], { DATABASE_URL: databaseUrl }));
}

type StatusJson = DatabaseStatus & { ok: boolean; problems: StatusProblem[] };

/** One instance alive without a server: a heartbeat from this process, so only the condition under test fails. */
async function aliveInstance(pool: pg.Pool) {
  const beating = startHeartbeat(pool, () => true, testLog, { connectionsMax: 31, id: randomUUID() });
  await waitFor(async () => (await recentInstances(pool, 60)).length === 1);
  return beating;
}

describe('countersign status exit codes', () => {
  dbTest(
    'exits 0 while three instances serve, and 1 with NO_INSTANCE_ALIVE once all three stopped: each deleted its heartbeat',
    async ({ database }) => {
      const instances: ApiProcess[] = [];
      try {
        const started = await Promise.allSettled([0, 1, 2].map(() => spawnApi(database.url)));
        for (const one of started) if (one.status === 'fulfilled') instances.push(one.value);
        for (const one of started) if (one.status === 'rejected') throw one.reason;
        const serving = await status(database.url, ['--json']);
        expect(serving.code, serving.stderr).toBe(0);
        const read = JSON.parse(serving.stdout) as StatusJson;
        expect(read.instances!.map((instance) => instance.busConnected)).toEqual([true, true, true]);
        expect(read).toMatchObject({ ok: true, problems: [] });
        expect(serving.stderr).toBe('');

        await Promise.all(instances.map((instance) => instance.stop()));
        for (const instance of instances) expect((await instance.output()).code).toBe(0);
        expect((await database.pool.query(`SELECT id FROM instance_heartbeats`)).rows).toEqual([]);

        const stopped = await status(database.url);
        expect(stopped.code).toBe(1);
        expect(stopped.stdout).toContain('instances seen in the last minute: 0\n');
        expect(stopped.stdout).not.toContain('bus connected');
        expect(stopped.stdout).toMatch(/\nproblem NO_INSTANCE_ALIVE: no instance is alive \(none has a heartbeat from the last 60 s\)\n$/);
        expect(stopped.stderr).toBe('countersign: status failing: no instance is alive (none has a heartbeat from the last 60 s)\n');
        const json = await status(database.url, ['--json']);
        expect(json.code).toBe(1);
        expect(JSON.parse(json.stdout)).toMatchObject({
          instances: [],
          ok: false,
          problems: [{ code: 'NO_INSTANCE_ALIVE', message: 'no instance is alive (none has a heartbeat from the last 60 s)' }],
        });
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
      }
    },
    120_000,
  );

  dbTest(
    'exits 1 with MIGRATIONS_PENDING naming the migration the database has not applied',
    async ({ database }) => {
      const beating = await aliveInstance(database.pool);
      try {
        // As a newer release's folder looks to this database: the latest migration is not recorded as applied.
        const latest = await database.pool.query<{ name: string }>(
          `DELETE FROM _prisma_migrations WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations) RETURNING migration_name AS name`,
        );
        const name = latest.rows[0]!.name;
        const text = await status(database.url);
        expect(text.code).toBe(1);
        expect(text.stdout).toContain(`pending migrations: ${name}\n`);
        expect(text.stdout).toMatch(new RegExp(`\\nproblem MIGRATIONS_PENDING: 1 migration pending: ${name}\\n$`));
        expect(text.stderr).toBe(`countersign: status failing: 1 migration pending: ${name}\n`);
        const json = JSON.parse((await status(database.url, ['--json'])).stdout) as StatusJson;
        expect(json.problems).toEqual([{ code: 'MIGRATIONS_PENDING', message: `1 migration pending: ${name}` }]);
        // status only reads: the migration is still pending after it.
        expect((await database.pool.query(`SELECT 1 FROM _prisma_migrations WHERE migration_name = $1`, [name])).rowCount).toBe(0);
      } finally {
        await beating.stop();
      }
    },
    120_000,
  );

  dbTest(
    'exits 1 with OUTBOX_TOO_OLD for an item older than --max-outbox-age-seconds (300 by default), 0 under a wider bound, and 2 for a bound that is no number',
    async ({ database }) => {
      const beating = await aliveInstance(database.pool);
      try {
        await database.pool.query(`INSERT INTO tenants (id, name, slug) VALUES ($1, 'outbox', $2)`, [randomUUID(), `outbox-${randomUUID().slice(0, 8)}`]);
        // Tried once ten minutes ago and due again in an hour: waiting, and nobody's worker runs here anyway.
        await database.pool.query(
          `INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at, created_at, attempts)
           SELECT $1, id, 'webhook', 'https://hooks.example.com/x', '{}', now() + interval '1 hour', now() + interval '2 days', now() - interval '10 minutes', 1
             FROM tenants LIMIT 1`,
          [randomUUID()],
        );
        const text = await status(database.url);
        expect(text.code).toBe(1);
        expect(text.stdout).toMatch(/\nproblem OUTBOX_TOO_OLD: the outbox's oldest item \(webhook\) is 6\d\d s old, over --max-outbox-age-seconds 300\n$/);
        expect(text.stderr).toMatch(/^countersign: status failing: the outbox's oldest item \(webhook\) is 6\d\d s old, over --max-outbox-age-seconds 300\n$/);
        const json = await status(database.url, ['--json', '--max-outbox-age-seconds', '599']);
        expect(json.code).toBe(1);
        expect((JSON.parse(json.stdout) as StatusJson).problems.map((problem) => problem.code)).toEqual(['OUTBOX_TOO_OLD']);

        const wider = await status(database.url, ['--json', '--max-outbox-age-seconds', '3600']);
        expect(wider.code, wider.stderr).toBe(0);
        expect(JSON.parse(wider.stdout)).toMatchObject({ ok: true, problems: [] });

        const bad = await status(database.url, ['--max-outbox-age-seconds', 'soon']);
        expect(bad.code).toBe(2);
        expect(bad.stdout).toBe('');
        expect(bad.stderr).toBe('countersign: --max-outbox-age-seconds must be a whole number, got "soon".\n');
      } finally {
        await beating.stop();
      }
    },
    120_000,
  );
});
