import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** Folder of SQL migrations in Prisma's layout: `<stamp>_<name>/migration.sql`. */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../../../prisma/migrations');

/** Any value distinct from other applications' advisory locks; held while migrating. */
const MIGRATION_LOCK = 0x436f756e; // "Coun"

/**
 * A pending migration that sorts before one already applied: the runner
 * applies in name order, so it would run after a migration written to follow
 * it, against a schema its author never saw. The start refuses (the entry
 * points print the message and exit 1); the fix is a later name for the new
 * folder, which nothing has applied yet. `pnpm lint:migrations` catches it
 * before a commit; this catches a database that ran ahead of a branch.
 */
export class MigrationOrderError extends Error {
  constructor(
    readonly pending: string,
    readonly latestApplied: string,
  ) {
    super(
      `Migration ${pending} is pending but sorts before ${latestApplied}, which is already applied: migrations apply in name order, so give ${pending} a name after ${latestApplied} (it has not been applied here).`,
    );
    this.name = 'MigrationOrderError';
  }
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/**
 * Applies pending migrations in name order, each in its own transaction, and
 * records them in `_prisma_migrations` exactly as Prisma's own `migrate deploy`
 * would (checksum = SHA-256 of the file), so a developer with network access
 * can point Prisma's CLI at the same database and folder. A session-level
 * advisory lock lets several instances start at once: one migrates, the others
 * wait and then find nothing to do. An applied migration whose file changed
 * afterwards is refused rather than silently diverging, and so is a pending
 * one that sorts before the latest applied (`MigrationOrderError`), before
 * anything is applied.
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    await client.query('/* lockMigrations */ SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`/* createMigrationsTable */ CREATE TABLE IF NOT EXISTS _prisma_migrations (
      id VARCHAR(36) PRIMARY KEY NOT NULL,
      checksum VARCHAR(64) NOT NULL,
      finished_at TIMESTAMPTZ,
      migration_name VARCHAR(255) NOT NULL,
      logs TEXT,
      rolled_back_at TIMESTAMPTZ,
      started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      applied_steps_count INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      '/* listAppliedMigrations */ SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
    const migrations = listMigrations(dir);
    const latestApplied = [...applied.keys()].sort().at(-1);
    const early = migrations.find((migration) => !applied.has(migration.name) && latestApplied !== undefined && migration.name < latestApplied);
    if (early && latestApplied) throw new MigrationOrderError(early.name, latestApplied);
    const report: MigrationReport = { applied: [], alreadyApplied: 0 };
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
        report.alreadyApplied++;
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `/* recordMigration */ INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    await client.query('/* unlockMigrations */ SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

function listMigrations(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}
