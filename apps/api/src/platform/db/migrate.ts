import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { assetPath } from '../assets/asset-paths.js';

/** Folder of SQL migrations in Prisma's layout: `<stamp>_<name>/migration.sql`. */
export const MIGRATIONS_DIR = assetPath('migrations', '../../../../../prisma/migrations');

/** Any value distinct from other applications' advisory locks; held while migrating. */
export const MIGRATION_LOCK = 0x436f756e; // "Coun"

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

/**
 * Migrations that exist but are not applied, while something refuses to run
 * against the older schema: a CLI command other than `migrate` and `status`,
 * or a server started with COUNTERSIGN_MIGRATE_ON_START=off.
 */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `${pending.length === 1 ? 'A migration is' : `${pending.length} migrations are`} pending (${pending.join(', ')}): run \`countersign migrate\` first.`,
    );
    this.name = 'PendingMigrationsError';
  }
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/** How a migration runs: its own bounds, not a request's. */
export interface MigrateOptions {
  /**
   * A statement may run this long (COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS);
   * unset, as long as it takes: a migration rewriting a large table outlasts
   * any bound chosen for requests.
   */
  statementTimeoutMs?: number;
  /** A lock wait gives up after this long, so a migration queued behind a long transaction does not stall every request queued behind it. */
  lockTimeoutMs?: number;
  /** After a lock wait gave up, the migration is tried again this many times. */
  lockRetries?: number;
  /** Told of each retry (the server logs it). */
  onLockRetry?: (migration: string, attempt: number) => void | Promise<void>;
}

export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;
export const MIGRATION_LOCK_RETRIES = 3;

/** lock_not_available: lock_timeout fired. */
const LOCK_NOT_AVAILABLE = '55P03';
/** query_canceled: statement_timeout fired. */
const QUERY_CANCELED = '57014';

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
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR, options: MigrateOptions = {}): Promise<MigrationReport> {
  const client = await pool.connect();
  try {
    // Waiting for another instance's migration is not a lock wait to give up on, however long it takes.
    await client.query('/* unboundMigrationSession */ SET statement_timeout = 0; SET lock_timeout = 0');
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
      await applyWithRetries(client, migration, options);
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    await client.query('/* unlockMigrations */ SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    // Back to the bounds the pool gave the session when it connected, for whoever uses it next.
    await client.query('/* reboundSession */ RESET statement_timeout; RESET lock_timeout').catch(() => undefined);
    client.release();
  }
}

/** One migration in its own transaction, under its own bounds; a lock wait that gave up is tried again. */
async function applyWithRetries(client: pg.PoolClient, migration: Migration, options: MigrateOptions): Promise<void> {
  const retries = options.lockRetries ?? MIGRATION_LOCK_RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      return await applyOne(client, migration, options);
    } catch (error) {
      const lockWait = (error as { cause?: { code?: string } }).cause?.code === LOCK_NOT_AVAILABLE;
      if (!lockWait || attempt >= retries) throw error;
      await options.onLockRetry?.(migration.name, attempt + 1);
    }
  }
}

async function applyOne(client: pg.PoolClient, migration: Migration, options: MigrateOptions): Promise<void> {
  await client.query('BEGIN');
  try {
    // SET LOCAL takes no parameters: both values are integers checked when the settings were read.
    await client.query(`SET LOCAL statement_timeout = ${Math.trunc(options.statementTimeoutMs ?? 0)}`);
    await client.query(`SET LOCAL lock_timeout = ${Math.trunc(options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS)}`);
    await client.query(migration.sql);
    await client.query(
      `/* recordMigration */ INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const timedOut = (error as { code?: string }).code === QUERY_CANCELED ? ' (the bound is COUNTERSIGN_MIGRATION_STATEMENT_TIMEOUT_MS)' : '';
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}${timedOut}`, { cause: error });
  }
}

/**
 * The migrations in `dir` that are not applied, in name order, read without
 * taking the migration lock (a database never migrated has them all pending).
 */
export async function pendingMigrations(db: pg.Pool | pg.PoolClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  const table = await db.query<{ present: boolean }>(`/* findMigrationsTable */ SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present`);
  const done = table.rows[0]!.present
    ? await db.query<{ migration_name: string }>(
        '/* listAppliedMigrationNames */ SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
    : { rows: [] };
  const applied = new Set(done.rows.map((row) => row.migration_name));
  return listMigrations(dir)
    .map((migration) => migration.name)
    .filter((name) => !applied.has(name));
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
