import { collectDefaultMetrics, Registry } from 'prom-client';
import { databaseGauges, type DatabaseGaugeSource } from './database-gauges.js';
import { joinClusterScrapes } from './cluster-scrape.js';
import { requestMetrics } from './request-metrics.js';
import { connectionMetrics, type ConnectionSources } from './connection-metrics.js';
import { outcomeMetrics } from './outcome-metrics.js';
import { buildInfoGauge, type BuildInfo } from './build-info.js';

export type { BusState } from './connection-metrics.js';

export interface ServerMetricsSources extends ConnectionSources {
  /** The outbox backlog and the channels and sign-off states the gauges report. */
  databaseGauges: DatabaseGaugeSource;
  /** What `countersign_build_info` labels (build-info.ts readBuildInfo). */
  build: BuildInfo;
}

/**
 * prom-client's gauges named like counters: a gauge must not end in `_total`
 * (Prometheus's naming rules, which `promtool check metrics` applies). The
 * same figures stay, by type: `sum(nodejs_active_handles)` is the total.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

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
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  const on = { registers: [registry] };
  buildInfoGauge(sources.build, on);
  const requests = requestMetrics(on, () => sources.webSocket.operations());
  const connections = connectionMetrics(sources, on);
  const outcomes = outcomeMetrics(on);
  databaseGauges(sources.pools.main, sources.databaseGauges, registry);
  joinClusterScrapes(registry);
  return { registry, ...requests, ...connections, ...outcomes };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
