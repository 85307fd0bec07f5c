import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../platform/config/config.js';
import type { Database } from '../platform/db/database.js';
import { isDatabaseUnavailable } from '../platform/db/unavailable.js';
import type { Logger } from '../platform/logger.js';
import { issueSetupTokenIfNeeded } from '../domains/setup/service.js';
import { serviceDeps } from '../platform/lib/deps.js';

/**
 * Says, once per server however many processes serve it, that Countersign
 * is serving and where, and prints the first-owner link when no owner
 * exists yet.
 */
export async function announceStart(url: string, config: Config, db: Database, log: Logger): Promise<void> {
  log.info({ url, embeddedDatabase: db.embedded !== undefined, console: config.consoleDir !== undefined, workers: config.workers }, 'countersign is serving');
  process.stdout.write(`\nCountersign is running at ${url}\n`);
  const setupToken = await firstOwnerLink(db, log);
  // The link is how the very first owner gets in; it goes to the terminal, never into the log.
  if (setupToken) process.stdout.write(`No owner exists yet. Create the first one at:\n  ${url}/setup#token=${setupToken}\n\n`);
}

/**
 * The setup token, when no owner exists yet. The server is already serving:
 * a database blip here is retried a few times, and a failure is logged, never
 * an exit (the CLI can create the first owner too).
 */
async function firstOwnerLink(db: Database, log: Logger): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await issueSetupTokenIfNeeded(serviceDeps(db, log));
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= 5) {
        log.error({ err: (error as Error).message }, 'could not check for a first owner; create one with `pnpm countersign owner add`');
        return null;
      }
      await sleep(500 * attempt);
    }
  }
}
