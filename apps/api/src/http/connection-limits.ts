import type { IncomingMessage, Server } from 'node:http';
import { clientKey } from '../lib/client-key.js';
import type { Socket } from 'node:net';

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

/** The raw 503 a refused connection reads before it closes: the same shape as every GraphQL error. */
function overCapacityResponse(message: string): string {
  const body = JSON.stringify({ errors: [{ message, extensions: { code: 'UNAVAILABLE' } }] });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Retry-After: 1',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What a client over the instance cap reads. */
const OVER_CAPACITY_RESPONSE = overCapacityResponse('This server is at its connection limit; try again shortly.');
/** What a client over its own address's share reads. */
const OVER_CLIENT_SHARE_RESPONSE = overCapacityResponse('Too many connections from your address; close some and try again.');

/**
 * Bounds the server's connections: a connection over `maxConnections`, or
 * over `maxConnectionsPerClient` from one peer address, is answered 503
 * before any HTTP parser sees it (so it costs no request, and a WebSocket
 * upgrade is refused the same way); a connection that has not sent a whole
 * request head within `headersTimeoutMs`, or stays silent for
 * `httpIdleTimeoutMs`, is destroyed. WebSockets leave these timeouts behind
 * when upgraded (`ws` clears the idle one) and are kept alive by graphql-ws's pings.
 */
export function applyConnectionLimits(
  server: Server,
  limits: Pick<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerClient' | 'headersTimeoutMs' | 'httpIdleTimeoutMs'>,
): void {
  server.timeout = limits.httpIdleTimeoutMs;
  // Node checks these two only every 30 s (connectionsCheckingInterval); the first head has its own timer below.
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = Math.max(limits.headersTimeoutMs, 2 * limits.httpIdleTimeoutMs);
  // Node's own listeners (the HTTP parser, Apollo's drain tracking) only ever see admitted connections.
  const admitted = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const openByClient = new Map<string, number>();
  /** Sockets whose first request head has not arrived yet, with the timer that will cut them. */
  const awaitingHead = new WeakMap<Socket, NodeJS.Timeout>();
  const headArrived = (socket: Socket) => {
    clearTimeout(awaitingHead.get(socket));
    awaitingHead.delete(socket);
  };
  server.on('request', (request: IncomingMessage) => headArrived(request.socket));
  server.on('upgrade', (_request: IncomingMessage, socket: Socket) => headArrived(socket));
  server.on('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) return refuse(socket, OVER_CAPACITY_RESPONSE, limits.httpIdleTimeoutMs);
    const client = clientOf(socket);
    const fromClient = openByClient.get(client) ?? 0;
    if (fromClient >= limits.maxConnectionsPerClient) return refuse(socket, OVER_CLIENT_SHARE_RESPONSE, limits.httpIdleTimeoutMs);
    open++;
    openByClient.set(client, fromClient + 1);
    const timer = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    timer.unref();
    awaitingHead.set(socket, timer);
    socket.once('close', () => {
      headArrived(socket);
      open--;
      const left = (openByClient.get(client) ?? 1) - 1;
      if (left > 0) openByClient.set(client, left);
      else openByClient.delete(client);
    });
    for (const listener of admitted) listener.call(server, socket);
  });
}

/** The peer as the sign-in throttle counts it too: IPv4 however it arrived, IPv6 by its /64 (one host usually holds a whole /64). */
function clientOf(socket: Socket): string {
  return clientKey(socket.remoteAddress ?? 'unknown');
}

function refuse(socket: Socket, response: string, timeoutMs: number): void {
  socket.on('error', () => undefined);
  socket.setTimeout(timeoutMs, () => socket.destroy());
  // Ending (not destroying) lets the response arrive before the close; whatever the client sent is discarded.
  socket.end(response);
  socket.resume();
}
