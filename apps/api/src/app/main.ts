import { isClusterWorker, runPrimary, runWorker } from './cluster.js';
import { loadConfig, settingWarnings } from '../platform/config/config.js';
import { createLogger, routeConsoleToLog } from '../platform/logger.js';
import { openWhileAnswering } from './server-database.js';
import { announceStart } from './start-banner.js';
import { traceLogFields } from '../platform/telemetry/spans.js';
import { nameConnections } from '../platform/db/application-name.js';
import { processConnections } from '../platform/db/connection-budget.js';
import { PROCESS_WORKER } from '../platform/process-identity.js';

/**
 * Starts the API: database (embedded unless DATABASE_URL), migrations,
 * event bus, HTTP + WebSocket, sweeper; stops them in reverse on
 * SIGTERM/SIGINT. With COUNTERSIGN_WORKERS above 1, this process becomes a
 * cluster's primary and each worker runs this file again (cluster.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // Before any connection opens: pg_stat_activity names each one's process (application-name.ts).
  nameConnections(isClusterWorker() ? `w${PROCESS_WORKER}` : config.workers > 1 ? 'primary' : 'single');
  // A cluster's primary serves nothing, so traces nothing.
  const tracing = config.tracing && (isClusterWorker() || config.workers <= 1) ? config.tracing : undefined;
  // Every line names its instance, worker slot and pid (platform/logger.ts).
  const log = createLogger(config.logLevel, undefined, tracing ? traceLogFields : undefined);
  routeConsoleToLog(log);
  // Once per server: a cluster's workers read the same environment as their primary.
  if (!isClusterWorker()) for (const warning of settingWarnings()) log.warn(warning);
  // A stray rejection (a dropped connection surfacing where no request awaits it)
  // is logged; it must not end a process that is serving every other request.
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
  });
  // Before anything serves, so the first request is traced. The SDK is loaded only when tracing is on.
  if (tracing) await (await import('../platform/telemetry/start.js')).startTracing(tracing, log);
  if (isClusterWorker()) return runWorker(config, log);
  if (config.workers > 1) return runPrimary(config, log);
  // One worker: one process, no cluster at all. The serving code is imported where it serves, so that a
  // cluster's primary never loads it; before the database opens, so that a module failing to load leaves no PostgreSQL behind.
  const { serveInstance } = await import('./instance.js');
  const db = await openWhileAnswering(config, log, config.pool.max);
  const { url } = await serveInstance(config, db, log, processConnections(config.pool.max));
  await announceStart(url, config, db, log);
}

main().catch((error: unknown) => {
  process.stderr.write(`countersign failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
