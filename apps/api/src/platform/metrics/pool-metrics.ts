import type pg from 'pg';
import { Gauge, Histogram } from 'prom-client';
import type { InRegistry } from './request-metrics.js';

/** The process's pools by their `pool` label: `main` for requests and reads, `write` for idempotent requests' transactions. */
export type Pools = { main: pg.Pool; write: pg.Pool };

/** Seconds: a checkout from a warm pool takes well under a millisecond; the pool gives up at its acquire timeout (15 s). */
const ACQUIRE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

const POOL_HELP = '(pool: main for requests, write for idempotent requests’ transactions)';

/**
 * Each pool's connections now (held, idle, in use, queries waiting), how
 * long its checkouts wait, and what it was configured with: its size and
 * the timeouts its connections run under, so a dashboard sets one beside
 * the other without reading the deployment's settings.
 */
export function poolMetrics(pools: Pools, on: InRegistry): void {
  const counts = [
    ['connections', 'Connections the pool holds, in use or idle', (pool: pg.Pool) => pool.totalCount],
    ['idle', 'Connections idle in the pool', (pool: pg.Pool) => pool.idleCount],
    ['in_use', 'Connections checked out of the pool now (connections − idle)', (pool: pg.Pool) => pool.totalCount - pool.idleCount],
    ['waiting', 'Queries waiting for a connection: above 0 for long, the pool is saturated', (pool: pg.Pool) => pool.waitingCount],
  ] as const;
  for (const [name, help, read] of counts) poolGauge(pools, on, `countersign_db_pool_${name}`, `${help} ${POOL_HELP}`, read);
  // Configured figures: an instance's pool size is its workers' sum, a timeout is the same on every worker.
  poolGauge(pools, on, 'countersign_db_pool_max', `Connections the pool may hold at most ${POOL_HELP}`, (pool) => pool.options.max ?? 10);
  const seconds = (ms: number | undefined) => (ms ?? 0) / 1000;
  const timeouts = [
    ['db_pool_acquire_timeout', 'How long a checkout waits for a connection before it fails', (pool: pg.Pool) => seconds(pool.options.connectionTimeoutMillis)],
    ['db_statement_timeout', 'statement_timeout of the pool’s connections', (pool: pg.Pool) => seconds(pool.options.statement_timeout || 0)],
    ['db_lock_timeout', 'lock_timeout of the pool’s connections', (pool: pg.Pool) => seconds(pool.options.lock_timeout)],
    [
      'db_idle_in_transaction_timeout',
      'idle_in_transaction_session_timeout of the pool’s connections',
      (pool: pg.Pool) => seconds(pool.options.idle_in_transaction_session_timeout),
    ],
    ['db_query_timeout', 'How long the client waits for a query’s answer before it gives up', (pool: pg.Pool) => seconds(pool.options.query_timeout)],
  ] as const;
  for (const [name, help, read] of timeouts)
    poolGauge(pools, { ...on, aggregator: 'max' }, `countersign_${name}_seconds`, `${help}, 0 for none ${POOL_HELP}`, read);
  const acquire = new Histogram({
    name: 'countersign_db_pool_acquire_seconds',
    help: `Time a checkout waited for a connection, whether it got one or failed ${POOL_HELP}`,
    labelNames: ['pool'],
    buckets: ACQUIRE_BUCKETS,
    ...on,
  });
  for (const [name, pool] of Object.entries(pools)) timeCheckouts(pool, (waited) => acquire.observe({ pool: name }, waited));
}

function poolGauge(pools: Pools, on: InRegistry & { aggregator?: 'max' }, name: string, help: string, read: (pool: pg.Pool) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['pool'],
    collect() {
      for (const [pool, held] of Object.entries(pools)) this.set({ pool }, read(held));
    },
    ...on,
  });
}

type Checkout = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Times every checkout of `pool`, callback or promise form: `pool.query`
 * and Prisma's adapter both check out through the instance's `connect`.
 * Wrapped from here so the database code carries no metrics; each wrapping
 * (one per server the pool serves) reports to its own server's registry.
 */
function timeCheckouts(pool: pg.Pool, observe: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<pg.PoolClient> | undefined;
  const since = (started: bigint) => observe(Number(process.hrtime.bigint() - started) / 1e9);
  const timed = (callback?: Checkout) => {
    const started = process.hrtime.bigint();
    if (callback)
      return connect((error, client, done) => {
        since(started);
        callback(error, client, done);
      });
    return connect()!.then(
      (client) => {
        since(started);
        return client;
      },
      (error: unknown) => {
        since(started);
        throw error;
      },
    );
  };
  pool.connect = timed as typeof pool.connect;
}
