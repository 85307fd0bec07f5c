import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { EventBus } from './events/bus.js';
import { startServer } from './http/server.js';
import { createLogger, routeConsoleToLog } from './logger.js';
import { issueSetupTokenIfNeeded } from './setup/service.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import { runShutdown } from './shutdown.js';
import { startSweeper } from './sweeper/sweeper.js';

/**
 * Starts one API instance: database (embedded unless DATABASE_URL), migrations,
 * event bus, HTTP + WebSocket, sweeper; stops them in reverse on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  routeConsoleToLog(log);
  // A stray rejection (a dropped connection surfacing where no request awaits it)
  // is logged; it must not end a process that is serving every other request.
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason instanceof Error ? reason.message : String(reason) }, 'unhandled rejection');
  });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    bounds: config.databaseBounds,
    // No database, no service: exit so a supervisor restarts the process (and with it the cluster).
    onEmbeddedExit: (code, signal) => {
      process.stderr.write(`countersign: the embedded PostgreSQL stopped unexpectedly (code ${code}, signal ${signal}); exiting so it can be restarted\n`);
      process.exit(1);
    },
  });
  const bus = new EventBus(db.url, log);
  await bus.start();
  const server = await startServer({ config, db, bus, log });
  const sweeper = startSweeper(db, log);
  // Handlers first, so a signal arriving at any point from here on shuts down cleanly.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const failed = await runShutdown(
      [
        { name: 'sweeper', close: () => sweeper.stop() },
        { name: 'server', close: () => server.close() },
        { name: 'event bus', close: () => bus.stop() },
        { name: 'database', close: () => db.close() },
      ],
      log,
    );
    log.info({ failed }, 'stopped');
    process.exit(failed.length === 0 ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  log.info({ url: server.url, embeddedDatabase: db.embedded !== undefined, console: config.consoleDir !== undefined }, 'countersign is serving');
  process.stdout.write(`\nCountersign is running at ${server.url}\n`);
  const setupToken = await firstOwnerLink(db, log);
  // The link is how the very first owner gets in; it goes to the terminal, never into the log.
  if (setupToken) process.stdout.write(`No owner exists yet. Create the first one at:\n  ${server.url}/setup#token=${setupToken}\n\n`);
}

/**
 * The setup token, when no owner exists yet. The server is already serving:
 * a database blip here is retried a few times, and a failure is logged, never
 * an exit (the CLI can create the first owner too).
 */
async function firstOwnerLink(db: Database, log: Logger): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await issueSetupTokenIfNeeded(db.prisma);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= 5) {
        log.error({ err: (error as Error).message }, 'could not check for a first owner; create one with `pnpm countersign owner add`');
        return null;
      }
      await sleep(500 * attempt);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`countersign failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
