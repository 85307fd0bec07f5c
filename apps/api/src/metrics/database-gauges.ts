import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** Scrapes within this long of the last reading share it: several Prometheus servers, or a fast interval, cost one query. */
const CACHE_MS = 5_000;

/**
 * Series present at 0 before anything was counted (outbox/store.ts's
 * OutboxChannel, signoffs/store.ts's StoredState), so a dashboard sees 0
 * rather than no data. A channel or state the database holds beyond these
 * is shown too: the values are the code's, never a client's.
 */
const CHANNELS = ['webhook', 'event', 'endpoint', 'email', 'digest', 'push'];
const STATES = [
  'pending',
  'partially_approved',
  'approved',
  'succeeded',
  'failed',
  'denied',
  'expired',
  'withdrawn',
  'awaiting_redeem',
  'redeemed',
  'delivering',
  'lapsed',
];

interface Reading {
  outbox: { channel: string; depth: number; oldest_seconds: number }[];
  signOffs: { state: string; n: number }[];
}

/**
 * Outbox depth and oldest age per channel, and sign-off requests by state:
 * each one statement over every tenant, read at scrape (at most every
 * CACHE_MS), not kept up to date by the code that changes the rows.
 */
export function databaseGauges(pool: pg.Pool, registry: Registry): void {
  let cached: { at: number; reading: Promise<Reading> } | undefined;
  const read = (): Promise<Reading> => {
    const now = Date.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const reading = readGauges(pool);
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
      for (const channel of CHANNELS) this.set({ channel }, 0);
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
      for (const channel of CHANNELS) this.set({ channel }, 0);
      for (const row of outbox) this.set({ channel: row.channel }, row.oldest_seconds);
    },
    ...on,
  });
  new Gauge({
    name: 'countersign_sign_offs',
    help: 'Sign-off requests by stored state, across all tenants (pending and partially_approved wait for owners)',
    labelNames: ['state'],
    async collect() {
      const { signOffs } = await read();
      for (const state of STATES) this.set({ state }, 0);
      for (const row of signOffs) this.set({ state: row.state }, row.n);
    },
    ...on,
  });
}

async function readGauges(pool: pg.Pool): Promise<Reading> {
  const [outbox, signOffs] = await Promise.all([
    pool.query<Reading['outbox'][number]>(
      // The open rows that are due or were tried, through outbox_due's partial index (done_at IS NULL): a
      // request's reminders wait days to fall due and are no backlog. Age counts from when a row fell due.
      `/* metricsOutbox */
      SELECT channel, count(*)::int AS depth,
             COALESCE(extract(epoch FROM now() - min(CASE WHEN attempts = 0 THEN due_at ELSE created_at END)), 0)::float8 AS oldest_seconds
        FROM outbox WHERE done_at IS NULL AND (attempts > 0 OR due_at <= now()) GROUP BY channel`,
    ),
    pool.query<Reading['signOffs'][number]>(`/* metricsSignOffStates */ SELECT state, count(*)::int AS n FROM sign_offs GROUP BY state`),
  ]);
  return { outbox: outbox.rows, signOffs: signOffs.rows };
}
