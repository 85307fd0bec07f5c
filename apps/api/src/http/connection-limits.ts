import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Bounds on connections and live sockets, per process, so that no caller can
 * hold an instance's sockets, memory or event fan-out for everyone else.
 */
export interface ConnectionLimits {
  /** Open TCP connections (HTTP and WebSocket) one instance accepts; the next is answered 503. `COUNTERSIGN_MAX_CONNECTIONS`. */
  maxConnections: number;
  /** An HTTP connection that sends nothing (or goes quiet mid-request) this long is closed. `COUNTERSIGN_HTTP_IDLE_TIMEOUT_MS`. */
  httpIdleTimeoutMs: number;
  /** A WebSocket must send a valid `connection_init` within this, or graphql-ws closes it with 4408. `COUNTERSIGN_WS_CONNECTION_INIT_TIMEOUT_MS`. */
  wsConnectionInitTimeoutMs: number;
  /** Sockets one agent or one owner may hold open on an instance; the next is closed with 1008. `COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL`. */
  wsMaxSocketsPerPrincipal: number;
  /** Operations one socket may run at once; the next is answered `RATE_LIMITED` and the socket stays. `COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET`. */
  wsMaxSubscriptionsPerSocket: number;
  /**
   * Longest a socket's principal goes without being checked against the
   * database again: revocations and sign-outs close sockets at once through
   * the event bus, this bounds what the bus cannot announce. `COUNTERSIGN_WS_REVALIDATE_MS`.
   */
  wsRevalidateMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 1000,
  httpIdleTimeoutMs: 30_000,
  wsConnectionInitTimeoutMs: 10_000,
  wsMaxSocketsPerPrincipal: 20,
  wsMaxSubscriptionsPerSocket: 100,
  wsRevalidateMs: 60_000,
};

const ENV_NAMES: Record<keyof ConnectionLimits, string> = {
  maxConnections: 'COUNTERSIGN_MAX_CONNECTIONS',
  httpIdleTimeoutMs: 'COUNTERSIGN_HTTP_IDLE_TIMEOUT_MS',
  wsConnectionInitTimeoutMs: 'COUNTERSIGN_WS_CONNECTION_INIT_TIMEOUT_MS',
  wsMaxSocketsPerPrincipal: 'COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL',
  wsMaxSubscriptionsPerSocket: 'COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET',
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

/** What a client over the connection cap reads before the connection closes. */
const OVER_CAPACITY_BODY = JSON.stringify({ errors: [{ message: 'This server is at its connection limit; try again shortly.', extensions: { code: 'UNAVAILABLE' } }] });
const OVER_CAPACITY_RESPONSE = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(OVER_CAPACITY_BODY)}`,
  'Retry-After: 1',
  'Connection: close',
  '',
  OVER_CAPACITY_BODY,
].join('\r\n');

/**
 * Bounds the server's connections: a connection over `maxConnections` is
 * answered 503 before any HTTP parser sees it (so it costs no request, and
 * a WebSocket upgrade is refused the same way); a connection that stays
 * silent for `httpIdleTimeoutMs` is destroyed. WebSockets leave this timeout
 * behind when upgraded (`ws` clears it) and are kept alive by graphql-ws's pings.
 */
export function applyConnectionLimits(server: Server, limits: Pick<ConnectionLimits, 'maxConnections' | 'httpIdleTimeoutMs'>): void {
  server.timeout = limits.httpIdleTimeoutMs;
  server.headersTimeout = limits.httpIdleTimeoutMs;
  server.requestTimeout = 2 * limits.httpIdleTimeoutMs;
  // Node's own listeners (the HTTP parser, Apollo's drain tracking) only ever see admitted connections.
  const admitted = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= limits.maxConnections) return refuse(socket, limits.httpIdleTimeoutMs);
    open++;
    socket.once('close', () => open--);
    for (const listener of admitted) listener.call(server, socket);
  });
}

function refuse(socket: Socket, timeoutMs: number): void {
  socket.on('error', () => undefined);
  socket.setTimeout(timeoutMs, () => socket.destroy());
  // Ending (not destroying) lets the response arrive before the close; whatever the client sent is discarded.
  socket.end(OVER_CAPACITY_RESPONSE);
  socket.resume();
}
