import { describe, expect, inject } from 'vitest';
import { createPool } from './database.js';
import { MIGRATIONS_DIR, MigrationOrderError, migrate } from './migrate.js';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, dbTest, testLog } from '../../../test/fixtures.js';
import pg from 'pg';

async function emptyDatabase() {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  const name = `countersign_empty_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: inject('adminUrl') });
      await client.connect();
      await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

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
    const target = await emptyDatabase();
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
