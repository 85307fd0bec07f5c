import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import { deleteDeadSessions } from '../../domains/owners/sessions-store.js';
import { deleteOldSignInAttempts } from '../../domains/owners/throttle-store.js';
import { settleApproved } from '../../domains/signoffs/runs/settle.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { lapseUncollected } from '../../domains/signoffs/secrets-store.js';
import { expireOverdue } from '../../domains/signoffs/store.js';
import { findUnfinished } from '../../domains/signoffs/runs/run-store.js';
import { lapseGrants } from '../../domains/signoffs/grants/grants-store.js';
import { deleteOldNotifications } from '../../delivery/outbox/store.js';
import { deleteOldKeys } from './idempotency-keys-store.js';
import { deleteLapsedArtefacts } from '../../domains/oauth/artefact-store.js';
import { startPeriodic, type PeriodicTask } from '../../platform/lib/periodic-task.js';

/** One idempotent chore: safe to run on every instance at once. */
export interface SweepTask {
  name: string;
  run(db: Database, log: Logger): Promise<number>;
}

/** The chores every instance runs; each is one set-based statement, correct under races by construction. */
export const SWEEP_TASKS: SweepTask[] = [
  { name: 'dead sessions', run: (db) => deleteDeadSessions(db.pool) },
  { name: 'expired sign-offs', run: (db) => expireOverdue(db.pool) },
  { name: 'lapsed secrets', run: (db) => lapseUncollected(db.pool) },
  { name: 'lapsed grants', run: (db) => lapseGrants(db.pool) },
  { name: 'unfinished approvals', run: (db, log) => settleUnfinished(db, log) },
  { name: 'old idempotency keys', run: (db) => deleteOldKeys(db.pool) },
  { name: 'old sign-in windows', run: (db) => deleteOldSignInAttempts(db.pool) },
  { name: 'old notifications', run: (db) => deleteOldNotifications(db.pool) },
  { name: 'lapsed oauth artefacts', run: (db) => deleteLapsedArtefacts(db.pool) },
];

/** Runs the deeds of approvals an instance left unfinished (it died between decision and outcome). */
async function settleUnfinished(db: Database, log: Logger): Promise<number> {
  const unfinished = await findUnfinished(db.pool, 100);
  const deps = serviceDeps(db, log);
  for (const { tenantId, id } of unfinished) await settleApproved(deps, tenantId, id);
  return unfinished.length;
}

/** Runs every task once; a failing task is logged and does not stop the others. */
export async function sweepOnce(db: Database, log: Logger, tasks = SWEEP_TASKS): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const task of tasks) {
    try {
      counts[task.name] = await task.run(db, log);
    } catch (error) {
      log.warn({ task: task.name, err: (error as Error).message }, 'sweep task failed');
    }
  }
  return counts;
}

/**
 * Sweeps every `intervalMs` (with jitter, so instances do not fire in step)
 * until stopped. No leader is elected: every task tolerates concurrent runs.
 */
export function startSweeper(db: Database, log: Logger, intervalMs = 30_000): PeriodicTask {
  return startPeriodic(() => sweepOnce(db, log), { job: 'sweeper', intervalMs });
}
