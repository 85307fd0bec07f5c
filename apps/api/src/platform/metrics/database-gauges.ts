import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** Scrapes within this long of the last reading share it: several Prometheus servers, or a fast interval, cost one query. */
const CACHE_MS = 5_000;

/**
 * What the gauges read of the stores that own the figures, handed in by the
 * server that wires them (kept structural so metrics/ stays a leaf): the
 * outbox's backlog statement (delivery/outbox/store.ts's readOutboxBacklog), and the
 * series present at 0 before anything was counted (OUTBOX_CHANNELS,
 * domains/signoffs/store.ts's STORED_STATES), so a dashboard sees 0 rather than no
 * data. A channel or state the database holds beyond these is shown too:
 * the values are the code's, never a client's.
 */
export interface DatabaseGaugeSource {
  channels: readonly string[];
  states: readonly string[];
  readBacklog(): Promise<{ channel: string; depth: number; oldestAgeSeconds: number }[]>;
}

interface Reading {
  outbox: Awaited<ReturnType<DatabaseGaugeSource['readBacklog']>>;
  signOffs: { state: string; n: number }[];
}

/** A scrape waits this long for the database's figures (as /readyz does), then answers without them: Prometheus's own timeout is 10 s. */
const WAIT_MS = 2_000;

/**
 * Outbox depth and oldest age per channel, and sign-off requests by state:
 * each one statement over every tenant, read at scrape (at most every
 * CACHE_MS), not kept up to date by the code that changes the rows. And
 * `countersign_database_up`: whether that reading answered within WAIT_MS.
 * When it did not (the database away, or too slow), the scrape still
 * answers from the process's own figures, with `countersign_database_up 0`
 * and no sample of these gauges: a stale or made-up count would read as true.
 */
export function databaseGauges(pool: pg.Pool, source: DatabaseGaugeSource, registry: Registry): void {
  const read = sharedReading(() => readGauges(pool, source));
  // Every worker of a cluster reads the same database: the figure is taken once, not summed (cluster-scrape.ts).
  const on = { registers: [registry], aggregator: 'max' as const };
  new Gauge({
    name: 'countersign_database_up',
    help: '1 when this process read the database’s figures within 2 s at this scrape (or within the last 5 s), 0 when it could not',
    // In a cluster: 1 only if every worker reached it.
    aggregator: 'min',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  const gauge = (name: string, help: string, label: 'channel' | 'state', fill: (reading: Reading, set: (value: string, n: number) => void) => void) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      async collect() {
        const reading = await read();
        this.reset();
        if (!reading) return;
        const set = (value: string, n: number) => this.set({ [label]: value }, n);
        for (const value of label === 'channel' ? source.channels : source.states) set(value, 0);
        fill(reading, set);
      },
      ...on,
    });
  gauge('countersign_outbox_depth', 'Outbox entries not yet delivered (or given up), by channel, across all tenants', 'channel', ({ outbox }, set) => {
    for (const row of outbox) set(row.channel, row.depth);
  });
  gauge('countersign_outbox_oldest_age_seconds', 'Age of the oldest undelivered outbox entry, by channel (0 when none waits)', 'channel', ({ outbox }, set) => {
    for (const row of outbox) set(row.channel, row.oldestAgeSeconds);
  });
  gauge(
    'countersign_sign_offs',
    'Sign-off requests by stored state, across all tenants (pending and partially_approved wait for owners)',
    'state',
    ({ signOffs }, set) => {
      for (const row of signOffs) set(row.state, row.n);
    },
  );
}

/**
 * The reading every gauge of a scrape shares, or undefined when it failed or
 * took longer than WAIT_MS. A success serves the scrapes of the next
 * CACHE_MS; a failure is not kept (the next scrape tries again); a reading
 * still running is waited on again rather than doubled, so a database that
 * hangs costs one reading at a time, not one per scrape.
 */
function sharedReading(take: () => Promise<Reading>): () => Promise<Reading | undefined> {
  let current: { promise: Promise<Reading>; settledAt?: number } | undefined;
  return async () => {
    if (!current || (current.settledAt !== undefined && Date.now() - current.settledAt > CACHE_MS)) {
      const entry: { promise: Promise<Reading>; settledAt?: number } = { promise: take() };
      current = entry;
      entry.promise.then(
        () => (entry.settledAt = Date.now()),
        () => {
          if (current === entry) current = undefined;
        },
      );
    }
    return within(current.promise, WAIT_MS);
  };
}

/** `work`'s value, or undefined when it fails or has not settled after `ms` (it goes on on its own). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function readGauges(pool: pg.Pool, source: DatabaseGaugeSource): Promise<Reading> {
  const [outbox, signOffs] = await Promise.all([
    source.readBacklog(),
    pool.query<Reading['signOffs'][number]>(`/* metricsSignOffStates */ SELECT state, count(*)::int AS n FROM sign_offs GROUP BY state`),
  ]);
  return { outbox, signOffs: signOffs.rows };
}
