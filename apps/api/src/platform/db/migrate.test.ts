import { describe, expect } from 'vitest';
import { createPool, type Database } from './database.js';
import { MIGRATION_LOCK, MIGRATIONS_DIR, MigrationOrderError, migrate, pendingMigrations } from './migrate.js';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyDatabase, createTestDatabase, dbTest, testLog } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/testkit.js';
import type pg from 'pg';

/** A migrations folder of its own (name → SQL), removed by the returned function. */
function migrationsFolder(migrations: Record<string, string>): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-migrations-'));
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function latestApplied(pool: pg.Pool): Promise<string> {
  const latest = await pool.query<{ name: string }>('SELECT max(migration_name) AS name FROM _prisma_migrations');
  return latest.rows[0]!.name;
}

describe('the migration runner', () => {
  dbTest('records every migration as Prisma does, with the SHA-256 of its file', async ({ database }) => {
    const rows = await database.pool.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
    }
  });

  dbTest('applies nothing the second time', async ({ database }) => {
    const report = await migrate(database.pool);
    expect(report.applied).toEqual([]);
    expect(report.alreadyApplied).toBeGreaterThan(0);
  });

  dbTest('applies each migration exactly once when eight instances start together', async () => {
    const target = await createEmptyDatabase();
    const pools = Array.from({ length: 8 }, () => createPool(target.url, testLog, 2));
    try {
      const reports = await Promise.all(pools.map((pool) => migrate(pool)));
      const applied = reports.flatMap((report) => report.applied);
      expect(new Set(applied).size).toBe(applied.length);
      const recorded = await pools[0]!.query('SELECT migration_name FROM _prisma_migrations');
      expect(recorded.rowCount).toBe(applied.length);
      expect(applied.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await target.drop();
    }
  });

  dbTest('refuses a migration whose file changed after it was applied', async ({ database }) => {
    await database.pool.query(`UPDATE _prisma_migrations SET checksum = 'tampered'`);
    await expect(migrate(database.pool)).rejects.toThrow(/was changed after it was applied/);
  });

  dbTest('refuses a pending migration that sorts before the latest applied one, naming both, and applies nothing', async ({ database }) => {
    const latest = await latestApplied(database.pool);
    const folder = migrationsFolder({
      '20261130000001_early': 'CREATE TABLE early_table (id int)',
      '20991231000000_late': 'CREATE TABLE late_table (id int)',
    });
    try {
      const refused = await migrate(database.pool, folder.dir).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MigrationOrderError);
      expect(refused).toMatchObject({ pending: '20261130000001_early', latestApplied: latest });
      expect((refused as Error).message).toContain(`Migration 20261130000001_early is pending but sorts before ${latest}, which is already applied`);
      const tables = await database.pool.query<{ early: string | null; late: string | null }>(
        "SELECT to_regclass('early_table')::text AS early, to_regclass('late_table')::text AS late",
      );
      expect(tables.rows[0]).toEqual({ early: null, late: null });
      expect(await latestApplied(database.pool)).toBe(latest);
    } finally {
      folder.remove();
    }
  });

  dbTest('applies a pending migration that sorts after the latest applied one', async ({ database }) => {
    const folder = migrationsFolder({ '20991231000000_late': 'CREATE TABLE late_table (id int)' });
    try {
      const report = await migrate(database.pool, folder.dir);
      expect(report.applied).toEqual(['20991231000000_late']);
      expect(await latestApplied(database.pool)).toBe('20991231000000_late');
    } finally {
      folder.remove();
    }
  });

  dbTest('gives every test file a database of its own', async ({ database }) => {
    const other = await createTestDatabase();
    expect(other.url).not.toBe(database.url);
    await other.drop();
  });
});

/** The latest test migration's table exists, and the migration is recorded, or neither. */
async function landed(pool: pg.Pool, table: string, name: string): Promise<{ table: boolean; recorded: boolean }> {
  const { rows } = await pool.query<{ table: boolean; recorded: boolean }>(
    `SELECT to_regclass($1) IS NOT NULL AS table, EXISTS (SELECT 1 FROM _prisma_migrations WHERE migration_name = $2) AS recorded`,
    [table, name],
  );
  return rows[0]!;
}

/** A table another transaction holds locked while `work` migrates against it; the lock is released afterwards either way. */
async function withBusyTable(database: Database, work: (holder: pg.PoolClient) => Promise<void>): Promise<void> {
  await database.pool.query('CREATE TABLE busy_table (id int)');
  const holder = await database.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE busy_table IN ACCESS SHARE MODE');
    await work(holder);
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
}

describe('a migration under its own bounds', () => {
  const SLOW = '20991231000000_slow';

  dbTest("runs with no statement bound by default, however short the sessions' own", async ({ database }) => {
    const folder = migrationsFolder({ [SLOW]: 'SELECT pg_sleep(0.4); CREATE TABLE slow_table (id int)' });
    const pool = createPool(database.url, testLog, 1, { lockTimeoutMs: 100, statementTimeoutMs: 100, idleInTransactionMs: 60_000 });
    try {
      expect((await migrate(pool, folder.dir)).applied).toEqual([SLOW]);
      expect(await landed(pool, 'slow_table', SLOW)).toEqual({ table: true, recorded: true });
      // The connection goes back to the pool with the bounds it had.
      expect((await pool.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('100ms');
      expect((await pool.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows[0]!.lock_timeout).toBe('100ms');
    } finally {
      await pool.end();
      folder.remove();
    }
  });

  dbTest('stops at COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS, naming it, and applies nothing', async ({ database }) => {
    const folder = migrationsFolder({ [SLOW]: 'CREATE TABLE slow_table (id int); SELECT pg_sleep(5)' });
    try {
      const refused = migrate(database.pool, folder.dir, { statementTimeoutMs: 100 });
      await expect(refused).rejects.toThrow(
        /Migration 20991231000000_slow failed: canceling statement due to statement timeout \(the bound is COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS\)/,
      );
      expect(await landed(database.pool, 'slow_table', SLOW)).toEqual({ table: false, recorded: false });
    } finally {
      folder.remove();
    }
  });

  dbTest('tries again after its lock wait gave up, and applies once the lock is free', async ({ database }) => {
    const folder = migrationsFolder({ [SLOW]: 'ALTER TABLE busy_table ADD COLUMN note text' });
    const retries: number[] = [];
    try {
      await withBusyTable(database, async (holder) => {
        const report = await migrate(database.pool, folder.dir, {
          lockTimeoutMs: 50,
          onLockRetry: async (migration, attempt) => {
            retries.push(attempt);
            // The long transaction ends while the migration waits to try again.
            if (migration === SLOW && attempt === 2) await holder.query('COMMIT');
          },
        });
        expect(report.applied).toEqual([SLOW]);
        expect(retries).toEqual([1, 2]);
        expect((await database.pool.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'busy_table' AND column_name = 'note'")).rowCount).toBe(
          1,
        );
      });
    } finally {
      folder.remove();
    }
  });

  dbTest('gives up after three retries, naming the migration, and applies nothing', async ({ database }) => {
    const folder = migrationsFolder({ [SLOW]: 'ALTER TABLE busy_table ADD COLUMN note text' });
    const retries: number[] = [];
    try {
      await withBusyTable(database, async () => {
        const refused = migrate(database.pool, folder.dir, { lockTimeoutMs: 50, onLockRetry: (_migration, attempt) => void retries.push(attempt) });
        await expect(refused).rejects.toThrow(/Migration 20991231000000_slow failed: canceling statement due to lock timeout/);
        expect(retries).toEqual([1, 2, 3]);
        expect(await pendingMigrations(database.pool, folder.dir)).toEqual([SLOW]);
      });
    } finally {
      folder.remove();
    }
  });

  dbTest("waits for another instance's migration beyond the sessions' bounds, then finds nothing to do", async ({ database }) => {
    const pool = createPool(database.url, testLog, 1, { lockTimeoutMs: 100, statementTimeoutMs: 100, idleInTransactionMs: 60_000 });
    const other = await database.pool.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const waiting = migrate(pool);
      // Still waiting after more than both bounds: neither applies to this wait.
      await waitFor(async () => {
        const { rows } = await database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'advisory' AND now() - query_start > interval '300 milliseconds'`,
        );
        return rows[0]!.n === 1;
      });
      await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      expect((await waiting).applied).toEqual([]);
    } finally {
      other.release();
      await pool.end();
    }
  });

  dbTest('names every migration a database lacks, a database never migrated included', async ({ database }) => {
    expect(await pendingMigrations(database.pool)).toEqual([]);
    const empty = await createEmptyDatabase();
    const pool = createPool(empty.url, testLog, 1);
    try {
      const all = readdirSync(MIGRATIONS_DIR)
        .filter((name) => /^\d{14}_/.test(name))
        .sort();
      expect(await pendingMigrations(pool)).toEqual(all);
    } finally {
      await pool.end();
      await empty.drop();
    }
  });
});
