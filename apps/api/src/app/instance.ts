import type { Config } from '../platform/config/config.js';
import type { Database } from '../platform/db/database.js';
import { EventBus } from '../platform/events/bus.js';
import { startServer } from './runtime.js';
import type { RunningServer } from '../edge/http/server.js';
import type { Logger } from '../platform/logger.js';
import { runShutdown } from './shutdown.js';
import { startSweeper } from '../jobs/sweeper/sweeper.js';
import { stopTracing } from '../platform/telemetry/spans.js';
import { startHeartbeat } from '../jobs/heartbeats/heartbeat.js';
import { applicationName } from '../platform/db/application-name.js';

/**
 * Serves on an open database: event bus, HTTP + WebSocket, sweeper. From
 * the moment it resolves, SIGTERM/SIGINT stop them in reverse, then close
 * the database (stopping the embedded PostgreSQL when this process started
 * it), and exit 0 only when every step closed. A SIGTERM first drains for
 * COUNTERSIGN_SHUTDOWN_DRAIN_MS (edge/http/drain.ts): a SIGTERM is how
 * orchestrators and rolling restarts stop an instance behind a balancer,
 * while a SIGINT is someone at a terminal who wants it gone now.
 */
export async function serveInstance(config: Config, db: Database, log: Logger, connectionsMax: number): Promise<{ url: string }> {
  const bus = new EventBus(db.url, log, applicationName('listen'));
  await bus.start();
  const server = await startServer({ config, db, bus, log });
  const sweeper = startSweeper(db, log);
  // Each process (each worker) says it is alive, and whether its bus listens, for `countersign status`.
  // With the most connections it may hold, which an instance starting later adds up (jobs/heartbeats/budget-check.ts).
  const heartbeat = startHeartbeat(db.pool, () => bus.connected, log, { connectionsMax });
  // Handlers first, so a signal arriving at any point from here on shuts down cleanly.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const { drainMs } = config.shutdown;
    // The heartbeat says so first: an instance starting to replace this one does not count it against the budget.
    const drain =
      signal === 'SIGTERM' && drainMs > 0 ? [{ name: 'drain', close: () => heartbeat.markDraining().then(() => drainFor(server, drainMs, log)) }] : [];
    const failed = await runShutdown(
      [
        ...drain,
        { name: 'heartbeat', close: () => heartbeat.stop() },
        { name: 'sweeper', close: () => sweeper.stop() },
        { name: 'server', close: () => server.close() },
        { name: 'event bus', close: () => bus.stop() },
        { name: 'database', close: () => db.close() },
        // Last: the stop's own spans are ended by now; what is queued goes to the collector (no-op when tracing is off).
        { name: 'tracing', close: () => stopTracing() },
      ],
      log,
    );
    log.info({ failed }, 'stopped');
    process.exit(failed.length === 0 ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return { url: server.url };
}

async function drainFor(server: RunningServer, ms: number, log: Logger): Promise<void> {
  log.info({ drainMs: ms }, 'draining: /readyz answers 503 while requests are still served');
  await server.drain(ms);
}
