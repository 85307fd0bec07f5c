import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: from 5 ms to 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Where a family is registered: the server's own registry. */
export interface InRegistry {
  registers: Registry[];
}

/** The kinds of `countersign_requests_in_flight`: HTTP requests by route class, and operations on WebSockets. */
export type InFlightKind = 'graphql' | 'mcp' | 'websocket' | 'other';

/** An HTTP route class (http.ts routeClass) as an in-flight kind: GraphQL and MCP apart, the rest (probes, scrapes, files, exports) together. */
export function inFlightKind(route: string): Exclude<InFlightKind, 'websocket'> {
  return route === 'graphql' || route === 'mcp' ? route : 'other';
}

/**
 * HTTP requests by route class and status class, and GraphQL operations
 * over HTTP by type, root field and result: each counted and timed; and the
 * work in flight now, HTTP requests counted from arrival to their answer's
 * end and `webSocketOperations` read at scrape.
 */
export function requestMetrics(on: InRegistry, webSocketOperations: () => number) {
  const http: Record<Exclude<InFlightKind, 'websocket'>, number> = { graphql: 0, mcp: 0, other: 0 };
  new Gauge({
    name: 'countersign_requests_in_flight',
    help: 'Requests being served now: HTTP by kind (graphql, mcp, other), and operations open on WebSockets (websocket, subscriptions included)',
    labelNames: ['kind'],
    collect() {
      for (const [kind, n] of Object.entries(http)) this.set({ kind }, n);
      this.set({ kind: 'websocket' }, webSocketOperations());
    },
    ...on,
  });
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
  return {
    /** Counts an HTTP request in flight; the function returned ends it (once, however often called). */
    httpRequestStarted(kind: Exclude<InFlightKind, 'websocket'>): () => void {
      http[kind] += 1;
      let ended = false;
      return () => {
        if (!ended) http[kind] -= 1;
        ended = true;
      };
    },
    httpRequest(route: string, status: number, seconds: number) {
      const labels = { route, status_class: `${Math.floor(status / 100)}xx` };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    graphqlOperation(labels: { type: string; field: string; result: string }, seconds: number) {
      operations.inc(labels);
      operationDuration.observe(labels, seconds);
    },
  };
}
