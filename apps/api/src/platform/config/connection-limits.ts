/*
 * The connection and socket caps as settings: their shape, defaults and
 * environment reader. Kept with the rest of the configuration, below http/
 * (which applies them), so reading the settings needs nothing from the edge.
 */

/**
 * Bounds on connections and live sockets, per process, so that no caller can
 * hold an instance's sockets, memory or event fan-out for everyone else.
 */
export interface ConnectionLimits {
  /** Open TCP connections (HTTP and WebSocket) one instance accepts; the next is answered 503. `COUNTERSIGN_MAX_CONNECTIONS`. */
  maxConnections: number;
  /**
   * Open TCP connections one client address may hold on an instance, so that
   * no single client can take every slot of `maxConnections`; the next is
   * answered 503 like the instance cap. Connections are counted before any
   * HTTP is parsed, so the address is the socket's peer, never
   * X-Forwarded-For: behind a load balancer or reverse proxy every client
   * shares the proxy's address, and this should be set to `maxConnections`
   * (which turns it off). `COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT`.
   */
  maxConnectionsPerClient: number;
  /**
   * A connection must complete a request's headers this long after it opens
   * (and after each request on a kept-alive connection), or it is destroyed:
   * a client trickling header lines cannot hold a slot for longer.
   * `COUNTERSIGN_HTTP_HEADERS_TIMEOUT_MS`.
   */
  headersTimeoutMs: number;
  /** An HTTP connection that sends nothing (or goes quiet mid-request) this long is closed. `COUNTERSIGN_HTTP_IDLE_TIMEOUT_MS`. */
  httpIdleTimeoutMs: number;
  /** A WebSocket must send a valid `connection_init` within this, or graphql-ws closes it with 4408. `COUNTERSIGN_WS_CONNECTION_INIT_TIMEOUT_MS`. */
  wsConnectionInitTimeoutMs: number;
  /** Sockets one agent or one owner may hold open on an instance; the next is closed with 1008. `COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL`. */
  wsMaxSocketsPerPrincipal: number;
  /** Operations one socket may run at once; the next is answered `RATE_LIMITED` and the socket stays. `COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET`. */
  wsMaxSubscriptionsPerSocket: number;
  /**
   * Live subscriptions one agent or one owner may hold on an instance, across
   * all its sockets; the next is answered `RATE_LIMITED` and the socket stays.
   * The per-socket and per-principal socket caps multiply (20 × 100); this
   * bounds their product, and with it one principal's share of the work every
   * event causes. `COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL`.
   */
  wsMaxSubscriptionsPerPrincipal: number;
  /**
   * Subscription events resolved at once on an instance (each reads the
   * database): a burst of events waits in memory for its turn instead of
   * taking every pool connection from requests. `COUNTERSIGN_WS_EVENT_CONCURRENCY`.
   */
  wsEventConcurrency: number;
  /**
   * Longest a socket's principal goes without being checked against the
   * database again: revocations and sign-outs close sockets at once through
   * the event bus, this bounds what the bus cannot announce. `COUNTERSIGN_WS_REVALIDATE_MS`.
   */
  wsRevalidateMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 1000,
  maxConnectionsPerClient: 50,
  headersTimeoutMs: 10_000,
  httpIdleTimeoutMs: 30_000,
  wsConnectionInitTimeoutMs: 10_000,
  wsMaxSocketsPerPrincipal: 20,
  wsMaxSubscriptionsPerSocket: 100,
  wsMaxSubscriptionsPerPrincipal: 100,
  wsEventConcurrency: 4,
  wsRevalidateMs: 60_000,
};

const ENV_NAMES: Record<keyof ConnectionLimits, string> = {
  maxConnections: 'COUNTERSIGN_MAX_CONNECTIONS',
  maxConnectionsPerClient: 'COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT',
  headersTimeoutMs: 'COUNTERSIGN_HTTP_HEADERS_TIMEOUT_MS',
  httpIdleTimeoutMs: 'COUNTERSIGN_HTTP_IDLE_TIMEOUT_MS',
  wsConnectionInitTimeoutMs: 'COUNTERSIGN_WS_CONNECTION_INIT_TIMEOUT_MS',
  wsMaxSocketsPerPrincipal: 'COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL',
  wsMaxSubscriptionsPerSocket: 'COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET',
  wsMaxSubscriptionsPerPrincipal: 'COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL',
  wsEventConcurrency: 'COUNTERSIGN_WS_EVENT_CONCURRENCY',
  wsRevalidateMs: 'COUNTERSIGN_WS_REVALIDATE_MS',
};

/** Reads the limits from the environment; a value that is not a positive integer stops the start. */
export function readConnectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS };
  for (const field of Object.keys(ENV_NAMES) as (keyof ConnectionLimits)[]) {
    const raw = env[ENV_NAMES[field]];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${ENV_NAMES[field]} must be a positive integer, got ${raw}`);
    limits[field] = value;
  }
  return limits;
}
