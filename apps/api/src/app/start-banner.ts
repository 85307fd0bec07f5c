import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../platform/config/config.js';
import type { Database } from '../platform/db/database.js';
import { isDatabaseUnavailable } from '../platform/db/unavailable.js';
import type { Logger } from '../platform/logger.js';
import { issueSetupTokenIfNeeded, type SetupLinkClaim } from '../domains/setup/service.js';
import { serviceDeps } from '../platform/lib/deps.js';

/**
 * Says, once per process that serves (or, in a cluster, once for its
 * workers), that Countersign is serving and where; when no owner exists
 * yet, the one process whose claim minted the first-owner link prints it,
 * and any other start on the same database says a link is already out.
 */
export async function announceStart(url: string, config: Config, db: Database, log: Logger): Promise<void> {
  log.info({ url, embeddedDatabase: db.embedded !== undefined, console: config.consoleDir !== undefined, workers: config.workers }, 'countersign is serving');
  process.stdout.write(`\nCountersign is running at ${url}\n`);
  const claim = await firstOwnerLink(db, log);
  // The link is how the very first owner gets in; it goes to the terminal, never into the log.
  if (claim?.kind === 'issued') process.stdout.write(`No owner exists yet. Create the first one at:\n  ${url}/setup#token=${claim.token}\n\n`);
  if (claim?.kind === 'already-issued') {
    log.info({ setupLinkExpiresAt: claim.expiresAt.toISOString() }, 'no owner yet; a first-owner setup link was already issued');
    process.stdout.write(`No owner exists yet. ${ALREADY_ISSUED} (valid until ${claim.expiresAt.toISOString()}).\n${NEW_LINK_HINT}\n\n`);
  }
}

/** What a start says when another start (another instance, or an earlier run of this one) already printed the link. */
export const ALREADY_ISSUED = 'A first-owner setup link was already printed by the process that issued it';
const NEW_LINK_HINT = 'For a new one (the old stops working), run `pnpm countersign setup-link`; or create the owner with `pnpm countersign owner add`.';

/**
 * This start's claim on the first-owner link. The server is already serving:
 * a database blip here is retried a few times, and a failure is logged, never
 * an exit (the CLI can create the first owner too).
 */
async function firstOwnerLink(db: Database, log: Logger): Promise<SetupLinkClaim | null> {
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
