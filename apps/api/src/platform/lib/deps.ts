import type { Database } from '../db/database.js';
import { poolScope, type WriteScope } from '../db/sql.js';
import type { Logger } from '../logger.js';

/** What "now" is for a service: the system clock, or a fixed one in a test. */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();

/**
 * What every service receives, the same for every domain. A request's
 * context is one (resolvers pass `ctx`); the sweeper and the CLI make one
 * with `serviceDeps`.
 */
export interface ServiceDeps {
  /**
   * Where this request's writes go. Every write of a request goes here, so
   * that a request carrying an idempotency key commits all of them in its
   * one transaction, together with the key. Two writes are kept out of it
   * by design, each its own statement on `db.pool`: the idempotency claim
   * (it must be seen by a racing twin before the work commits) and the
   * sign-in attempt counter (it must count even when the sign-in fails).
   */
  scope: WriteScope;
  /** The shared pool, and Prisma on it, for reads that need not see this request's writes. */
  db: Pick<Database, 'prisma' | 'pool'>;
  log: Logger;
  clock: Clock;
}

/** Dependencies outside a request (the sweeper, the CLI): a transaction per service call, on the pool. */
export function serviceDeps(db: Pick<Database, 'prisma' | 'pool'>, log: Logger, clock: Clock = systemClock): ServiceDeps {
  return { scope: poolScope(db.pool), db, log, clock };
}
