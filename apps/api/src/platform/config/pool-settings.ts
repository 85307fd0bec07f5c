/*
 * The database pool's size and the start's budget check, as settings. The
 * arithmetic of what a process may hold lives with the pools
 * (platform/db/connection-budget.ts); this file only reads the environment.
 */

/** What a start does when the live instances and this one together could pass PostgreSQL's `max_connections`. */
export type BudgetCheck = 'warn' | 'refuse' | 'off';

export interface PoolSettings {
  /**
   * COUNTERSIGN_DB_POOL_MAX: the most connections each serving process's
   * main pool opens (each worker of a cluster has its own pool of this size).
   * Its pool for idempotent writes is half of it (at least 2), and its event
   * bus one more. Unset: 20 for a single process, `max(5, ⌈20 / workers⌉)`
   * per worker, so a cluster holds about what one process would.
   */
  max: number;
  /** COUNTERSIGN_DB_BUDGET_CHECK (default `warn`): see `BudgetCheck`. */
  budgetCheck: BudgetCheck;
}

/** A single process's pool when nothing says otherwise. */
export const DEFAULT_POOL_MAX = 20;
/** Below this a worker could not serve a request and its idempotent write at once. */
const MIN_POOL_MAX = 2;
/** Far above any PostgreSQL's useful concurrency: a larger figure is a typo, not a plan. */
const MAX_POOL_MAX = 1000;

const BUDGET_CHECKS: readonly BudgetCheck[] = ['warn', 'refuse', 'off'];

/** The default share of the single process's pool for one of `workers` processes (at least 5 each). */
export function defaultPoolMax(workers: number): number {
  return workers <= 1 ? DEFAULT_POOL_MAX : Math.max(5, Math.ceil(DEFAULT_POOL_MAX / workers));
}

export function readPoolSettings(env: NodeJS.ProcessEnv, workers: number): PoolSettings {
  return { max: poolMax(env, workers), budgetCheck: budgetCheck(env) };
}

function poolMax(env: NodeJS.ProcessEnv, workers: number): number {
  const raw = env.COUNTERSIGN_DB_POOL_MAX;
  if (raw === undefined || raw === '') return defaultPoolMax(workers);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < MIN_POOL_MAX || value > MAX_POOL_MAX)
    throw new Error(`COUNTERSIGN_DB_POOL_MAX must be a whole number of connections from ${MIN_POOL_MAX} to ${MAX_POOL_MAX} (each process's pool), got ${raw}`);
  return value;
}

function budgetCheck(env: NodeJS.ProcessEnv): BudgetCheck {
  const raw = env.COUNTERSIGN_DB_BUDGET_CHECK;
  if (raw === undefined || raw === '') return 'warn';
  const value = raw.toLowerCase();
  if (!(BUDGET_CHECKS as readonly string[]).includes(value))
    throw new Error(`COUNTERSIGN_DB_BUDGET_CHECK must be one of ${BUDGET_CHECKS.join(', ')}, got ${raw}`);
  return value as BudgetCheck;
}
