import { Counter, Histogram, type Registry } from 'prom-client';

/** Seconds: from 5 ms to 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Where a family is registered: the server's own registry. */
export interface InRegistry {
  registers: Registry[];
}

/**
 * HTTP requests by route class and status class, and GraphQL operations
 * over HTTP by type, root field and result: each counted and timed.
 */
export function requestMetrics(on: InRegistry) {
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
