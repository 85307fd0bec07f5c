import { readdirSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { createEmptyDatabase, dbTest, testLog } from '../../../test/fixtures.js';
import { finished, spawnTs } from '../../../test/processes.js';
import { launchApi, spawnApi } from '../../../test/spawn-api.js';
import { createPool } from '../../platform/db/database.js';
import { MIGRATIONS_DIR, pendingMigrations } from '../../platform/db/migrate.js';

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
