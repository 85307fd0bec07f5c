import type { IncomingMessage, Server } from 'node:http';
import { clientKey } from '../../platform/lib/client-key.js';
import type { ConnectionLimits } from '../../platform/config/connection-limits.js';
import type { Socket } from 'node:net';

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
