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

/**
 * Outbox depth and oldest age per channel, and sign-off requests by state:
 * each one statement over every tenant, read at scrape (at most every
 * CACHE_MS), not kept up to date by the code that changes the rows.
 */
export function databaseGauges(pool: pg.Pool, source: DatabaseGaugeSource, registry: Registry): void {
  let cached: { at: number; reading: Promise<Reading> } | undefined;
  const read = (): Promise<Reading> => {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const reading = readGauges(pool, source);
      cached = { at: now, reading };
      // A failed reading is not kept: the next scrape tries again.
      reading.catch(() => {
        if (cached?.reading === reading) cached = undefined;
      });
    }
    return cached.reading;
  };
  // Every worker of a cluster reads the same database: the figure is taken once, not summed (cluster-scrape.ts).
  const on = { registers: [registry], aggregator: 'max' as const };
  new Gauge({
    name: 'countersign_outbox_depth',
    help: 'Outbox entries not yet delivered (or given up), by channel, across all tenants',
    labelNames: ['channel'],
    async collect() {
      const { outbox } = await read();
      for (const channel of source.channels) this.set({ channel }, 0);
      for (const row of outbox) this.set({ channel: row.channel }, row.depth);
    },
    ...on,
  });
  new Gauge({
    name: 'countersign_outbox_oldest_age_seconds',
    help: 'Age of the oldest undelivered outbox entry, by channel (0 when none waits)',
    labelNames: ['channel'],
    async collect() {
      const { outbox } = await read();
      for (const channel of source.channels) this.set({ channel }, 0);
      for (const row of outbox) this.set({ channel: row.channel }, row.oldestAgeSeconds);
    },
    ...on,
  });
  new Gauge({
    name: 'countersign_sign_offs',
    help: 'Sign-off requests by stored state, across all tenants (pending and partially_approved wait for owners)',
    labelNames: ['state'],
    async collect() {
      const { signOffs } = await read();
      for (const state of source.states) this.set({ state }, 0);
      for (const row of signOffs) this.set({ state: row.state }, row.n);
    },
    ...on,
  });
}

async function readGauges(pool: pg.Pool, source: DatabaseGaugeSource): Promise<Reading> {
  const [outbox, signOffs] = await Promise.all([
    source.readBacklog(),
    pool.query<Reading['signOffs'][number]>(`/* metricsSignOffStates */ SELECT state, count(*)::int AS n FROM sign_offs GROUP BY state`),
  ]);
  return { outbox, signOffs: signOffs.rows };
}
