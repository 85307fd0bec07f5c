import { readdirSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { createEmptyDatabase, dbTest, testLog } from '../../../test/fixtures.js';
import { finished, freePort, spawnTs } from '../../../test/processes.js';
import { launchApi, READY_DEADLINE_MS, spawnApi } from '../../../test/spawn-api.js';
import { waitFor } from '../../../test/testkit.js';
import { createPool } from '../../platform/db/database.js';
import { MIGRATION_LOCK, MIGRATIONS_DIR, pendingMigrations } from '../../platform/db/migrate.js';

const ALL = readdirSync(MIGRATIONS_DIR)
  .filter((name) => /^\d{14}_/.test(name))
  .sort();
const PENDING_ALL = `${ALL.length} migrations are pending (${ALL.join(', ')}): run \`countersign migrate\` first.`;

const cli = (databaseUrl: string, args: string[]) => finished(spawnTs('src/app/cli/main.ts', args, { DATABASE_URL: databaseUrl }));

/** A database never migrated, and a pool on it to see what changed; both gone afterwards. */
async function withEmptyDatabase(work: (url: string, pending: () => Promise<string[]>) => Promise<void>): Promise<void> {
  const empty = await createEmptyDatabase();
  const pool = createPool(empty.url, testLog, 1);
  try {
    await work(empty.url, () => pendingMigrations(pool));
  } finally {
    await pool.end();
    await empty.drop();
  }
}

describe('migrations happen only when asked for', () => {
  dbTest('refuses a command other than migrate while migrations are pending, naming them, and applies none', async () => {
    await withEmptyDatabase(async (url, pending) => {
      const listed = await cli(url, ['signoff', 'list', '--owner', 'ops@example.com']);
      expect(listed.code).toBe(1);
      expect(listed.stderr).toContain(`countersign: ${PENDING_ALL}`);
      expect(await pending()).toEqual(ALL);
    });
  });

  dbTest('migrate says exactly what it applied, and then that nothing was pending', async () => {
    await withEmptyDatabase(async (url, pending) => {
      const first = await cli(url, ['migrate']);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe(`Applied ${ALL.length} migrations: ${ALL.join(', ')}.\n`);
      expect(await pending()).toEqual([]);
      const again = await cli(url, ['migrate']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe(`No migrations pending: the database is up to date (${ALL.length} applied).\n`);
    });
  });

  dbTest('a server with COUNTERSIGN_MIGRATE_ON_START=off refuses pending migrations, naming them; on, it applies them', async () => {
    await withEmptyDatabase(async (url, pending) => {
      const refused = await finished(launchApi({ DATABASE_URL: url, PORT: '0', COUNTERSIGN_MIGRATE_ON_START: 'off' }));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(PENDING_ALL);
      expect(await pending()).toEqual(ALL);
      const server = await spawnApi(url, { COUNTERSIGN_MIGRATE_ON_START: 'on' });
      await server.stop();
      expect(await pending()).toEqual([]);
    });
  });

  dbTest('refuses a COUNTERSIGN_MIGRATE_ON_START other than on or off, and a bad migration timeout, before touching the database', async () => {
    await withEmptyDatabase(async (url, pending) => {
      const onStart = await finished(launchApi({ DATABASE_URL: url, PORT: '0', COUNTERSIGN_MIGRATE_ON_START: 'yes' }));
      expect(onStart.code).toBe(1);
      expect(onStart.stderr).toContain('COUNTERSIGN_MIGRATE_ON_START must be on or off, got yes');
      const bad = await finished(spawnTs('src/app/cli/main.ts', ['migrate'], { DATABASE_URL: url, COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS: 'soon' }));
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain('COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds');
      expect(await pending()).toEqual(ALL);
    });
  });
});

/** The first answer with `status` from `url`, asked again while the port is closed or answers otherwise. */
async function answered(url: string, status: number): Promise<Response> {
  let last: Response | undefined;
  await waitFor(async () => {
    last = await fetch(url).catch(() => undefined);
    return last?.status === status;
  }, READY_DEADLINE_MS);
  return last!;
}

describe('a server starting while another migrates', () => {
  dbTest('answers /healthz 200 starting and everything else 503 until the migration lock is free, then serves', async ({ database }) => {
    const holder = await database.pool.connect();
    // Another instance migrating: the lock this one waits for before it can serve.
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = launchApi({ DATABASE_URL: database.url, PORT: String(port), COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    const exited = finished(child);
    try {
      const health = await answered(`${base}/healthz`, 200);
      expect(await health.json()).toEqual({ status: 'starting' });
      const ready = await fetch(`${base}/readyz`);
      expect({ status: ready.status, body: (await ready.json()) as unknown, retryAfter: ready.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { status: 'starting' },
        retryAfter: '5',
      });
      expect((await fetch(`${base}/graphql`, { method: 'POST', body: '{}' })).status).toBe(503);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      const served = await answered(`${base}/readyz`, 200);
      expect(await served.json()).toEqual({ status: 'ready' });
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
      child.kill('SIGTERM');
      await exited;
    }
  });
});
