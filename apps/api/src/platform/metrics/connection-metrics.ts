import { Counter, Gauge, Histogram } from 'prom-client';
import type { InRegistry } from './request-metrics.js';
import { poolMetrics, type Pools } from './pool-metrics.js';

const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];

/** What the metrics read of the event bus (platform/events/bus.ts), kept structural so metrics/ stays a leaf. */
export interface BusState {
  readonly connected: boolean;
  readonly epoch: number;
}

/** The connections the gauges read at scrape. */
export interface ConnectionSources {
  pools: Pools;
  bus: BusState;
  /** Open WebSocket connections, live subscriptions and running operations on this server (edge/http/ws/websocket.ts). */
  webSocket: { connections(): number; subscriptions(): number; operations(): number };
}

/**
 * The process's connections: WebSockets and their subscriptions, the
 * database pools, the event bus's LISTEN connection and how long its events
 * wait for their subscribers. Read at scrape, except the wait.
 */
export function connectionMetrics(sources: ConnectionSources, on: InRegistry) {
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
  poolMetrics(sources.pools, on);
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
  return {
    busDelivered(seconds: number) {
      busLag.observe(seconds);
    },
  };
}
