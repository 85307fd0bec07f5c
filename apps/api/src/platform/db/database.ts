import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from '../../generated/prisma/client.js';
import type { Logger } from '../logger.js';
import { outsideScope } from '../log-scope.js';
import { preparedStatementNames } from './statement-names.js';
import {
  ensureDatabase,
  findRunningEmbeddedPostgres,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
} from './embedded-postgres.js';

/** The database Countersign uses inside its embedded cluster. */
const EMBEDDED_DATABASE = 'countersign';
import { applicationName, type ConnectionRole } from './application-name.js';
import { writePoolSize } from './connection-budget.js';
import { migrate, pendingMigrations, PendingMigrationsError, type MigrateOptions, type MigrationReport } from './migrate.js';

/**
 * What every store function takes first: the client, or an interactive
 * transaction of it. The service that calls the store decides which.
 */
export type Db = PrismaClient | Prisma.TransactionClient;

/** The process's connections to its one PostgreSQL. */
export interface Database {
  prisma: PrismaClient;
  /** Also used directly for LISTEN and the migration runner. */
  pool: pg.Pool;
  /**
   * Connections an idempotent request holds for its whole execution (its
   * writes and the key commit together). Kept apart from `pool`, which that
   * execution's reads still need: were they shared, as many such requests as
   * the pool has connections would each hold one and wait for another.
   */
  writePool: pg.Pool;
  url: string;
  /** Set when this process started its own PostgreSQL. */
  embedded: EmbeddedPostgres | undefined;
  /** What opening it applied, when it was asked to migrate. */
  migrated: MigrationReport | undefined;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  log: Logger;
  /** Pool size; the default suits one API instance on a small machine. */
  maxConnections?: number;
  /** Apply pending migrations before returning (the server does unless told not to; the CLI's `migrate` does). */
  runMigrations?: boolean;
  /** How they run (their own statement bound, lock wait and retries). */
  migration?: MigrateOptions;
  /** Without migrating, refuse a database with migrations pending (`PendingMigrationsError`, naming them). */
  refusePending?: boolean;
  /** Use the embedded PostgreSQL of a server already running on `dataDir` (the CLI does). */
  joinRunningServer?: boolean;
  /** What to do when the embedded PostgreSQL dies under the process (the server exits non-zero). */
  onEmbeddedExit?: EmbeddedPostgresOptions['onUnexpectedExit'];
  /** Bounds on every statement and lock wait (see `SessionBounds`). */
  bounds?: Partial<SessionBounds>;
}

/**
 * Set on every connection, so every transaction has them: a request waiting
 * on a row lock or a slow statement gives up (answered UNAVAILABLE, 503) and
 * frees its connection, instead of holding it while others queue behind it.
 */
export interface SessionBounds {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
  /** A transaction left open by a stalled or dead request is ended by the server. */
  idleInTransactionMs: number;
}

export const DEFAULT_SESSION_BOUNDS: SessionBounds = { lockTimeoutMs: 5_000, statementTimeoutMs: 15_000, idleInTransactionMs: 60_000 };

/**
 * Connects to `DATABASE_URL`, or starts the embedded PostgreSQL when it is
 * unset; the code path after that is the same either way.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.databaseUrl;
  if (!url && options.joinRunningServer) url = findRunningEmbeddedPostgres(options.dataDir, EMBEDDED_DATABASE);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, log: options.log, onUnexpectedExit: options.onEmbeddedExit });
    await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
    url = embedded.urlFor(EMBEDDED_DATABASE);
  }
  const bounds = { ...DEFAULT_SESSION_BOUNDS, ...options.bounds };
  const pool = createPool(url, options.log, options.maxConnections ?? 20, bounds);
  let migrated: MigrationReport | undefined;
  try {
    if (options.runMigrations ?? true) {
      migrated = await migrate(pool, undefined, options.migration);
      if (migrated.applied.length > 0) options.log.info({ applied: migrated.applied }, 'migrations applied');
    } else if (options.refusePending) {
      const pending = await pendingMigrations(pool);
      if (pending.length > 0) throw new PendingMigrationsError(pending);
    }
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  const writePool = createPool(url, options.log, writePoolSize(options.maxConnections ?? 20), bounds, 'writes');
  // Prisma's statements are prepared once per connection (statement-names.ts): a read skips the parse.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: preparedStatementNames() }) });
  return {
    prisma,
    pool,
    writePool,
    url,
    embedded,
    migrated,
    close: async () => {
      // The embedded postmaster is stopped even when a disconnect fails, or it
      // would outlive the process. (Prisma's adapter may already have ended
      // the pool it was given, so a second end is expected to refuse.)
      try {
        await prisma.$disconnect();
      } finally {
        await pool.end().catch(() => undefined);
        await writePool.end().catch(() => undefined);
        await embedded?.stop();
      }
    },
  };
}

/**
 * Every pool and every connection gets an error handler. pg-pool listens for
 * errors only on idle connections; a connection dropped while checked out (a
 * restart, a failover, `pg_terminate_backend`) would otherwise emit an
 * unhandled 'error' and end the process. With a listener, the error fails
 * the queries that were using it, and pg-pool discards the broken
 * connection when it is released (it checks that the client is queryable).
 */
export function createPool(url: string, log: Logger, max: number, bounds: SessionBounds = DEFAULT_SESSION_BOUNDS, role: ConnectionRole = 'pool'): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName(role),
    // A bounded wait: an exhausted pool answers with an error instead of hanging a request forever.
    connectionTimeoutMillis: 15_000,
    lock_timeout: bounds.lockTimeoutMs,
    statement_timeout: bounds.statementTimeoutMs,
    idle_in_transaction_session_timeout: bounds.idleInTransactionMs,
    // The server-side bounds cannot fire when the server itself is unreachable (a partition, a
    // frozen host): the client gives up a little later on its own, and keep-alive probes notice a
    // peer that is gone instead of waiting out the kernel's TCP timeout.
    query_timeout: bounds.statementTimeoutMs + 5_000,
    keepAlive: true,
  });
  // A connection's socket keeps the log scope of the request that opened it (platform/log-scope.ts): its
  // failure, later, is not that request's.
  pool.on('error', (error) => outsideScope(() => log.warn({ err: error.message }, 'idle database connection failed')));
  pool.on('connect', (client) => {
    client.on('error', (error) => outsideScope(() => log.warn({ err: error.message }, 'database connection failed while in use')));
  });
  return pool;
}
