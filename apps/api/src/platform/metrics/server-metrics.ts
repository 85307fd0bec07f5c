import { collectDefaultMetrics, Registry } from 'prom-client';
import { databaseGauges, type DatabaseGaugeSource } from './database-gauges.js';
import { joinClusterScrapes } from './cluster-scrape.js';
import { requestMetrics } from './request-metrics.js';
import { connectionMetrics, type ConnectionSources } from './connection-metrics.js';
import { outcomeMetrics } from './outcome-metrics.js';

export type { BusState } from './connection-metrics.js';

export interface ServerMetricsSources extends ConnectionSources {
  /** The outbox backlog and the channels and sign-off states the gauges report. */
  databaseGauges: DatabaseGaugeSource;
}

/**
 * One server's metrics in a registry of its own (never prom-client's global
 * one), so that several servers in one process (the tests) each count only
 * their own traffic. Every label value is from a closed set: route and
 * status classes, the schema's root fields, the error-code enum, the outbox
 * channels and sign-off states the code writes. docs/metrics.md lists them.
 * The families are registered in the order a scrape lists them.
 */
export function createServerMetrics(sources: ServerMetricsSources) {
  const registry = new Registry();
  // Process figures (CPU, memory, event loop lag, GC) under their usual names; no `instance`
  // label: Prometheus adds the scrape target's.
  collectDefaultMetrics({ register: registry });
  const on = { registers: [registry] };
  const requests = requestMetrics(on);
  const connections = connectionMetrics(sources, on);
  const outcomes = outcomeMetrics(on);
  databaseGauges(sources.pools.main, sources.databaseGauges, registry);
  joinClusterScrapes(registry);
  return { registry, ...requests, ...connections, ...outcomes };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
