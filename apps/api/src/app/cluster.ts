import cluster from 'node:cluster';
import type { Config } from '../platform/config/config.js';
import { openDatabase } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import { openWhileAnswering } from './server-database.js';
import { runShutdown } from './shutdown.js';
import { announceStart } from './start-banner.js';
import { WorkerSupervisor, type StopSignal, type WorkerReady } from './worker-supervisor.js';
import { PROCESS_WORKER, WORKER_SLOT_VARIABLE } from '../platform/process-identity.js';
import { answerClusterScrapes } from '../platform/metrics/cluster-scrape.js';
import { PRIMARY_CONNECTIONS, PRIMARY_POOL_MAX, processConnections } from '../platform/db/connection-budget.js';

/*
 * COUNTERSIGN_WORKERS > 1: one primary and N workers on one port through
 * node:cluster (the primary accepts connections and hands them round-robin
 * to the workers). The primary owns what must exist once: the embedded
 * PostgreSQL, the migrations, the banner and the first-owner link. Each
 * worker is a whole API instance on the primary's database, as a second
 * instance given DATABASE_URL would be: every rule already holds across
 * instances (they share nothing but PostgreSQL), so this adds no semantics.
 *
 * Workers are forked with the primary's execArgv, so under `tsx src/app/main.ts`
 * (tsx's loader is in execArgv) and `node --import tsx` they load the same
 * TypeScript entry point. The primary never loads the serving code (HTTP,
 * GraphQL, the event bus): only a worker imports instance.ts.
 */

/** The primary's database, handed to each worker; internal, not a setting. */
const DATABASE_URL_VARIABLE = 'COUNTERSIGN_CLUSTER_DATABASE_URL';

/** Whether this process is a worker a primary forked. */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * The primary: opens the database (and migrates) once, forks the workers,
 * announces the server once they all serve; SIGTERM/SIGINT stop the workers
 * with the same signal (each drains, or not, as a single process does), then the database.
 */
export async function runPrimary(config: Config, log: Logger): Promise<void> {
  // The primary reads only the first-owner check; the workers hold the pools.
  // The port is answered while it migrates, then freed for the workers (a short gap while they load: the cluster
  // module's listening socket is the primary's own, so the two cannot overlap).
  const db = await openWhileAnswering(config, log, PRIMARY_POOL_MAX);
  // A scrape reaches one worker, which asks here for every worker's metrics together (platform/metrics/cluster-scrape.ts).
  if (config.metrics?.enabled) answerClusterScrapes();
  const supervisor = new WorkerSupervisor({
    count: config.workers,
    env: { [DATABASE_URL_VARIABLE]: db.url },
    slotVariable: WORKER_SLOT_VARIABLE,
    log,
    shutdown: config.shutdown,
  });
  const shutdown = (signal: StopSignal = 'SIGTERM') =>
    runShutdown(
      [
        { name: 'workers', close: () => supervisor.stop(signal) },
        { name: 'database', close: () => db.close() },
      ],
      log,
    );
  let stopping = false;
  const stop = async (signal: StopSignal) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const failed = await shutdown(signal);
    log.info({ failed }, 'stopped');
    process.exit(failed.length === 0 ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  let url: string;
  try {
    url = await supervisor.start();
  } catch (error) {
    // A signal during the start is stop()'s to finish; otherwise the start failed, and nothing is left running.
    if (stopping) return;
    stopping = true;
    await shutdown();
    throw error;
  }
  await announceStart(url, config, db, log);
}

/** A worker: a whole API instance on the primary's database, which it neither starts nor migrates. */
export async function runWorker(config: Config, log: Logger): Promise<void> {
  const databaseUrl = process.env[DATABASE_URL_VARIABLE];
  if (!databaseUrl) throw new Error(`a cluster worker needs ${DATABASE_URL_VARIABLE} from its primary`);
  const { serveInstance } = await import('./instance.js');
  const db = await openDatabase({
    databaseUrl,
    dataDir: config.dataDir,
    log,
    bounds: config.databaseBounds,
    maxConnections: config.pool.max,
    runMigrations: false,
  });
  // The primary's few connections are counted on the first worker's heartbeat: the primary beats none of its own.
  const primaryShare = PROCESS_WORKER === 1 ? PRIMARY_CONNECTIONS : 0;
  const { url } = await serveInstance(config, db, log, processConnections(config.pool.max) + primaryShare);
  const ready: WorkerReady = { type: 'countersign:worker-ready', url };
  process.send?.(ready);
}
