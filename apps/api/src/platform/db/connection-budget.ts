/*
 * How many PostgreSQL connections a Countersign process may hold at worst:
 * the figure each heartbeat records and each start adds up against
 * `max_connections` (jobs/heartbeats/budget-check.ts, docs/deploy.md
 * "Connection budget"). Pools open connections only as load needs them, so
 * these are ceilings, not what an idle instance holds.
 */

/** A cluster's primary: a pool of 2 for the start (migrations, the first-owner check) and its write pool of 2. */
export const PRIMARY_CONNECTIONS = 4;
/** What the primary asks of `openDatabase`. */
export const PRIMARY_POOL_MAX = 2;
/** Each `pnpm countersign` run: a pool of 2 and a write pool of 2, for as long as the command runs. */
export const CLI_POOL_MAX = 2;

/** The pool of idempotent writes beside a main pool of `poolMax`: half of it, at least 2 (database.ts says why it is apart). */
export function writePoolSize(poolMax: number): number {
  return Math.max(2, Math.floor(poolMax / 2));
}

/** One serving process: its main pool, its write pool and its event bus's LISTEN connection. */
export function processConnections(poolMax: number): number {
  return poolMax + writePoolSize(poolMax) + 1;
}

/** One instance (one `node server.js`): a single process, or a primary and `workers` serving processes. */
export function instanceConnections(workers: number, poolMax: number): number {
  return workers <= 1 ? processConnections(poolMax) : workers * processConnections(poolMax) + PRIMARY_CONNECTIONS;
}
