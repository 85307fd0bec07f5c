import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { databaseGauges, type DatabaseGaugeSource } from './database-gauges.js';
import { joinClusterScrapes } from './cluster-scrape.js';

/** What the metrics read of the event bus (platform/events/bus.ts), kept structural so metrics/ stays a leaf. */
export interface BusState {
  readonly connected: boolean;
  readonly epoch: number;
}

export interface ServerMetricsSources {
  pools: { main: pg.Pool; write: pg.Pool };
  bus: BusState;
  /** Open WebSocket connections and live subscriptions on this server (edge/http/ws/websocket.ts). */
  webSocket: { connections(): number; subscriptions(): number };
  /** The outbox backlog and the channels and sign-off states the gauges report. */
  databaseGauges: DatabaseGaugeSource;
}

/** Seconds: from 5 ms to 10 s for requests; owners decide in minutes to hours. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
const DECISION_BUCKETS = [10, 30, 60, 300, 900, 1800, 3600, 4 * 3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600];

/**
 * One server's metrics in a registry of its own (never prom-client's global
 * one), so that several servers in one process (the tests) each count only
 * their own traffic. Every label value is from a closed set: route and
 * status classes, the schema's root fields, the error-code enum, the outbox
 * channels and sign-off states the code writes. docs/metrics.md lists them.
 */
export function createServerMetrics(sources: ServerMetricsSources) {
  const registry = new Registry();
  // Process figures (CPU, memory, event loop lag, GC) under their usual names; no `instance`
  // label: Prometheus adds the scrape target's.
  collectDefaultMetrics({ register: registry });
  const on = { registers: [registry] };

  const httpRequests = new Counter({
    name: 'countersign_http_requests_total',
    help: 'HTTP requests answered, by route class and status class',
    labelNames: ['route', 'status_class'],
    ...on,
  });
  const httpDuration = new Histogram({
    name: 'countersign_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer being written, by route class and status class',
    labelNames: ['route', 'status_class'],
    buckets: REQUEST_BUCKETS,
    ...on,
  });
  const operations = new Counter({
    name: 'countersign_graphql_operations_total',
    help: 'GraphQL operations over HTTP, by operation type, root field and result (success, an error code, or internal)',
    labelNames: ['type', 'field', 'result'],
    ...on,
  });
  const operationDuration = new Histogram({
    name: 'countersign_graphql_operation_duration_seconds',
    help: 'Time a GraphQL operation over HTTP took, from its request reaching Apollo to its answer, by type, root field and result',
    labelNames: ['type', 'field', 'result'],
    buckets: REQUEST_BUCKETS,
    ...on,
  });
  new Gauge({
    name: 'countersign_websocket_connections',
    help: 'Open WebSocket connections on this process',
    collect() {
      this.set(sources.webSocket.connections());
    },
    ...on,
  });
  new Gauge({
    name: 'countersign_websocket_subscriptions',
    help: 'Live GraphQL subscriptions on this process’s WebSockets',
    collect() {
      this.set(sources.webSocket.subscriptions());
    },
    ...on,
  });
  for (const [field, help] of [
    ['totalCount', 'Connections the pool holds, in use or idle'],
    ['idleCount', 'Connections idle in the pool'],
    ['waitingCount', 'Queries waiting for a connection: above 0 for long, the pool is saturated'],
  ] as const) {
    const name = { totalCount: 'total', idleCount: 'idle', waitingCount: 'waiting' }[field];
    new Gauge({
      name: `countersign_db_pool_${name}`,
      help: `${help} (pool: main for requests, write for idempotent requests’ transactions)`,
      labelNames: ['pool'],
      collect() {
        this.set({ pool: 'main' }, sources.pools.main[field]);
        this.set({ pool: 'write' }, sources.pools.write[field]);
      },
      ...on,
    });
  }
  new Gauge({
    name: 'countersign_db_pool_in_use',
    help: 'Connections checked out of the pool now (total − idle)',
    labelNames: ['pool'],
    collect() {
      for (const [pool, held] of Object.entries(sources.pools)) this.set({ pool }, held.totalCount - held.idleCount);
    },
    ...on,
  });
  new Counter({
    name: 'countersign_event_bus_reconnects_total',
    help: 'Times the LISTEN connection was re-established after it dropped (events meanwhile may be lost)',
    collect() {
      this.reset();
      this.inc(Math.max(0, sources.bus.epoch - 1));
    },
    ...on,
  });
  new Gauge({
    name: 'countersign_event_bus_connected',
    help: '1 while the LISTEN connection is up, 0 while it reconnects (in a cluster: 1 only if every worker’s is)',
    aggregator: 'min',
    collect() {
      this.set(sources.bus.connected ? 1 : 0);
    },
    ...on,
  });
  const busLag = new Histogram({
    name: 'countersign_event_bus_delivery_lag_seconds',
    help: 'Time from a NOTIFY reaching this process to a subscriber taking it (its wait in the subscriber’s queue)',
    buckets: LAG_BUCKETS,
    ...on,
  });
  const decisions = new Histogram({
    name: 'countersign_sign_off_decision_seconds',
    help: 'Time from a sign-off request to its decision, observed when an owner’s decision commits, by decision',
    labelNames: ['decision'],
    buckets: DECISION_BUCKETS,
    ...on,
  });
  const draws = new Counter({
    name: 'countersign_draws_total',
    help: 'Draws on standing authorities, by outcome (drawn, replayed, or the refusal’s code in lower case)',
    labelNames: ['outcome'],
    ...on,
  });
  const idempotencyReplays = new Counter({
    name: 'countersign_idempotency_replays_total',
    help: 'Requests answered from a stored answer (Idempotent-Replayed)',
    ...on,
  });
  const idempotencyConflicts = new Counter({
    name: 'countersign_idempotency_conflicts_total',
    help: 'Idempotency-Key refusals: key_reused (another request) or key_in_use (its twin still running)',
    labelNames: ['code'],
    ...on,
  });
  const signInThrottled = new Counter({
    name: 'countersign_sign_in_throttled_total',
    help: 'Sign-ins and reauthentications refused RATE_LIMITED, by which limit: address_from_client, client, or busy (too many passwords being checked)',
    labelNames: ['by'],
    ...on,
  });
  // Seeded, so a rate over a series that has not moved yet reads 0 rather than nothing.
  for (const code of ['key_reused', 'key_in_use']) idempotencyConflicts.inc({ code }, 0);
  for (const by of ['address_from_client', 'client', 'busy']) signInThrottled.inc({ by }, 0);
  idempotencyReplays.inc(0);
  databaseGauges(sources.pools.main, sources.databaseGauges, registry);
  joinClusterScrapes(registry);

  return {
    registry,
    httpRequest(route: string, status: number, seconds: number) {
      const labels = { route, status_class: `${Math.floor(status / 100)}xx` };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    graphqlOperation(labels: { type: string; field: string; result: string }, seconds: number) {
      operations.inc(labels);
      operationDuration.observe(labels, seconds);
    },
    busDelivered(seconds: number) {
      busLag.observe(seconds);
    },
    decided(decision: 'approved' | 'denied', seconds: number) {
      decisions.observe({ decision }, Math.max(0, seconds));
    },
    drew(outcome: string) {
      draws.inc({ outcome });
    },
    idempotencyReplayed() {
      idempotencyReplays.inc();
    },
    idempotencyConflict(code: 'key_reused' | 'key_in_use') {
      idempotencyConflicts.inc({ code });
    },
    signInThrottled(by: 'address_from_client' | 'client' | 'busy') {
      signInThrottled.inc({ by });
    },
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
