import type pg from 'pg';
import type { BudgetCheck } from '../../platform/config/pool-settings.js';
import type { Logger } from '../../platform/logger.js';
import { HEARTBEAT_STALE_AFTER_SECONDS } from './heartbeat.js';
import { readConnectionFigures, type ConnectionFigures } from './store.js';

/** What a start found: PostgreSQL's figures, what this instance may add, and whether it all fits. */
export interface BudgetReport extends ConnectionFigures {
  /** The most connections the starting instance may hold (platform/db/connection-budget.ts). */
  planned: number;
  /** `max_connections` less the reserved slots: what Countersign's role may take. */
  usable: number;
  fits: boolean;
}

/** The start refused: the live instances and this one could pass `max_connections`. */
export class ConnectionBudgetError extends Error {}

/**
 * Adds up, at start, the worst case of every live instance (their
 * heartbeats, draining ones left out) and this one against PostgreSQL's
 * `max_connections`, and acts as COUNTERSIGN_DB_BUDGET_CHECK says: `warn`
 * logs the figures and starts, `refuse` stops the start with them, `off`
 * reads nothing. Pools open connections only under load, so passing the
 * budget is not an outage at start: it is one waiting for the busy hour,
 * when PostgreSQL refuses the connection past its limit ("too many
 * clients") and requests fail. It is a check made once, not a reservation:
 * two instances starting in the same second each see the other only once
 * it beats.
 */
export async function checkConnectionBudget(pool: pg.Pool, planned: number, mode: BudgetCheck, log: Logger): Promise<BudgetReport | undefined> {
  if (mode === 'off') return undefined;
  const report = budgetReport(await readConnectionFigures(pool, HEARTBEAT_STALE_AFTER_SECONDS), planned);
  if (report.fits) {
    log.info(figures(report), 'connection budget: fits');
    return report;
  }
  if (mode === 'refuse') throw new ConnectionBudgetError(`${describeOverrun(report)}; not starting (COUNTERSIGN_DB_BUDGET_CHECK=refuse)`);
  log.warn(figures(report), describeOverrun(report));
  return report;
}

/** The arithmetic alone, so a property test can hold it to the sum. */
export function budgetReport(found: ConnectionFigures, planned: number): BudgetReport {
  const usable = Math.max(0, found.maxConnections - found.reserved);
  return { ...found, planned, usable, fits: found.liveConnections + planned <= usable };
}

/** The sentence an operator reads: every figure, and the settings that change them. */
export function describeOverrun(report: BudgetReport): string {
  const uncounted = report.uncounted > 0 ? ` (and ${report.uncounted} of an older version, not counted)` : '';
  return (
    `connection budget: this instance may hold ${report.planned} PostgreSQL connections and the ${report.liveProcesses} live processes${uncounted} ` +
    `${report.liveConnections}, together ${report.planned + report.liveConnections}, over the ${report.usable} that max_connections ` +
    `${report.maxConnections} leaves after ${report.reserved} reserved; lower COUNTERSIGN_DB_POOL_MAX or COUNTERSIGN_WORKERS, ` +
    `put PgBouncer in front, or raise max_connections (docs/deploy.md, "Connection budget")`
  );
}

function figures(report: BudgetReport): Record<string, number> {
  const { maxConnections, reserved, usable, liveProcesses, liveConnections, uncounted, planned } = report;
  return { maxConnections, reserved, usable, liveProcesses, liveConnections, uncounted, planned };
}
