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
 * delivery gets a span named by its leading comment (telemetry/spans.ts).
 */
export function query<T>(db: Queryable, text: string, params: unknown[] = []): Promise<T[]> {
  return tracingOn() ? inStatementSpan(text, () => run<T>(db, text, params)) : run<T>(db, text, params);
}

async function run<T>(db: Queryable, text: string, params: unknown[]): Promise<T[]> {
  if ('$queryRawUnsafe' in db) return db.$queryRawUnsafe<T[]>(text, ...params);
  return (await db.query(text, params)).rows as T[];
}

/**
 * Runs `work` in one node-postgres transaction: committed when it returns,
 * rolled back when it throws. The connection goes back to the pool either way.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    // A connection that dropped or timed out is not given back to be reused: the pool replaces it.
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
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
 * (see idempotency/plugin.ts), so the write and "done" commit together.
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
