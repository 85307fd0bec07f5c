import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';
import { inStatementSpan, tracingOn } from '../telemetry/spans.js';
import type { Db } from './database.js';

/**
 * Anything a store can run SQL on: Prisma (client or interactive
 * transaction) or node-postgres (pool or checked-out client). Hot paths run
 * on node-postgres, where Prisma's per-statement cost is measurable
 * (bench/draws.ts: about 7× fewer draws per second through Prisma's
 * interactive transactions); the same store function serves both, so a
 * caller already inside a Prisma transaction can still use it.
 */
export type Queryable = Db | pg.Pool | pg.PoolClient;

/**
 * Runs one statement with positional parameters ($1, $2, …) and returns its
 * rows. While tracing is on, a statement run inside a traced request or
 * delivery gets a span named by its leading comment (platform/telemetry/spans.ts).
 */
export function query<T>(db: Queryable, text: string, params: unknown[] = []): Promise<T[]> {
  return tracingOn() ? inStatementSpan(text, () => run<T>(db, text, params)) : run<T>(db, text, params);
}

async function run<T>(db: Queryable, text: string, params: unknown[]): Promise<T[]> {
  if ('$queryRawUnsafe' in db) return db.$queryRawUnsafe<T[]>(text, ...params);
  return (await db.query(text, params)).rows as T[];
}

/**
 * A node-postgres transaction held open across steps that are not one call:
 * the idempotency plugin begins it when a keyed request is claimed and ends
 * it when the response is ready (edge/idempotency/plugin.ts). `inTransaction` is
 * the one-call form of the same thing.
 */
export interface HeldTransaction {
  /** The connection the transaction runs on; every statement of it goes here. */
  readonly client: pg.PoolClient;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /**
   * After a failure: rolls back if the connection still can (a failed
   * rollback is ignored), and marks a connection that dropped or timed out
   * so that `release` discards it instead of handing it to the next caller.
   */
  abandon(error: unknown): Promise<void>;
  /** Gives the connection back to the pool (or discards it when abandoned as broken). Call once. */
  release(): void;
}

/** Checks a connection out of `pool` and begins a transaction on it. */
export async function beginTransaction(pool: pg.Pool): Promise<HeldTransaction> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const held: HeldTransaction = {
    client,
    commit: async () => {
      await client.query('COMMIT');
    },
    rollback: async () => {
      await client.query('ROLLBACK');
    },
    abandon: async (error) => {
      await client.query('ROLLBACK').catch(() => undefined);
      // A connection that dropped or timed out is not given back to be reused: the pool replaces it.
      if (isDatabaseUnavailable(error)) broken = error as Error;
    },
    release: () => client.release(broken),
  };
  try {
    await client.query('BEGIN');
  } catch (error) {
    await held.abandon(error);
    held.release();
    throw error;
  }
  return held;
}

/**
 * Runs `work` in one node-postgres transaction: committed when it returns,
 * rolled back when it throws. The connection goes back to the pool either way.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const transaction = await beginTransaction(pool);
  try {
    const result = await work(transaction.client);
    await transaction.commit();
    return result;
  } catch (error) {
    await transaction.abandon(error);
    throw error;
  } finally {
    transaction.release();
  }
}

/** SQLSTATE of a value outside its type's range (a bigint overflow). */
export const NUMERIC_OUT_OF_RANGE = '22003';

/** SQLSTATE of a unique constraint (or unique index) violation. */
export const UNIQUE_VIOLATION = '23505';

/** PostgreSQL bigints arrive as BigInt from Prisma and as strings from node-postgres: one form for both. */
export function toBigInt(value: unknown): bigint {
  return typeof value === 'bigint' ? value : BigInt(value as string | number);
}

export function toBigIntOrNull(value: unknown): bigint | null {
  return value === null || value === undefined ? null : toBigInt(value);
}

/**
 * Where one request's writes go. Ordinarily each service call opens its own
 * transaction on the pool; a request carrying an idempotency key instead
 * runs every statement in the one transaction that also completes the key
 * (see edge/idempotency/plugin.ts), so the write and "done" commit together.
 */
export interface WriteScope {
  /** Runs `work` in a transaction: a fresh one, or the request's own. */
  transaction<T>(work: (sql: Queryable) => Promise<T>): Promise<T>;
  /** Where reads that must see this request's own writes go. */
  reads: Queryable;
}

/** The ordinary scope: a transaction per call, reads on the pool. */
export function poolScope(pool: pg.Pool): WriteScope {
  return { transaction: (work) => inTransaction(pool, work), reads: pool };
}
