import type { Config } from '../platform/config/config.js';
import { openDatabase, type Database } from '../platform/db/database.js';
import { checkDatabaseUrl } from '../platform/db/connection-check.js';
import type { Logger } from '../platform/logger.js';
import { answerWhileStarting } from './starting-listener.js';
import { loadProvedBox } from './sealing-key.js';
import { checkConnectionBudget } from '../jobs/heartbeats/budget-check.js';
import { instanceConnections } from '../platform/db/connection-budget.js';

/**
 * The database the server owns: the embedded PostgreSQL when there is no
 * DATABASE_URL, with migrations applied. A single process opens it for
 * itself; a cluster's primary opens it once for all its workers.
 */
export async function openServerDatabase(config: Config, log: Logger, maxConnections?: number): Promise<Database> {
  // An external database is tried once first, so a wrong DATABASE_URL stops the start saying which part failed.
  if (config.databaseUrl) await checkDatabaseUrl(config.databaseUrl);
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    bounds: config.databaseBounds,
    maxConnections,
    // COUNTERSIGN_MIGRATE_ON_START=off: `countersign migrate` ran (or must run) first; a server never serves an older schema than its code.
    runMigrations: config.migrations.onStart,
    refusePending: true,
    migration: {
      statementTimeoutMs: config.migrations.statementTimeoutMs,
      onLockRetry: (migration, attempt) => log.warn({ migration, attempt }, 'a migration gave up waiting for a lock; trying it again'),
    },
    // No database, no service: exit so a supervisor restarts the process (and with it the cluster).
    onEmbeddedExit: (code, signal) => {
      process.stderr.write(`countersign: the embedded PostgreSQL stopped unexpectedly (code ${code}, signal ${signal}); exiting so it can be restarted\n`);
      process.exit(1);
    },
  });
}

/**
 * `openServerDatabase`, with the port answering `starting` meanwhile
 * (starting-listener.ts), the sealing key proved and the connection budget
 * checked for the whole instance (a cluster's primary checks for its workers).
 */
export async function openWhileAnswering(config: Config, log: Logger, maxConnections: number): Promise<Database> {
  const release = await answerWhileStarting(config, log);
  try {
    const db = await openServerDatabase(config, log, maxConnections);
    try {
      // Before anything serves: a wrong COUNTERSIGN_SECRET_KEY stops the start (the workers share this process's key).
      await loadProvedBox(config, db.pool, log);
      await checkConnectionBudget(db.pool, instanceConnections(config.workers, config.pool.max), config.pool.budgetCheck, log);
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  } finally {
    await release();
  }
}
