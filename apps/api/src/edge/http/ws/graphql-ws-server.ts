import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../../../platform/logger.js';
import { withSharedPayload } from './shared-payload.js';
import { SocketBacklog, type BacklogPolicy } from './socket-backlog.js';

/** What graphql-ws's context carries of the socket here, as graphql-ws/use/ws's own adapter gives it. */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

export interface GraphQLWsServerOptions {
  log: Logger;
  production: boolean;
  backlog: BacklogPolicy;
  /** The close a socket too far behind gets (see `closeTooFarBehind`). */
  tooFarBehind: { code: number; reason: string };
  /** Milliseconds between keep-alive pings; a socket that does not answer one within as long is dropped. graphql-ws's default. */
  keepAliveMs?: number;
}

export interface GraphQLWsServer {
  /**
   * Closes `socket` with the `tooFarBehind` code and reason and ends its
   * operations now: a client that stopped reading does not answer the close
   * either, and its subscriptions must not wait for the close handshake
   * (ws gives it 30 s) to stop taking events. Called by the backlog watch,
   * and by whoever else finds a socket behind (a subscription the bus dropped).
   */
  closeTooFarBehind(socket: WebSocket): void;
  dispose(): Promise<void>;
}

/**
 * graphql-ws's protocol (`makeServer`) on a `ws` server: graphql-ws/use/ws,
 * with what the fan-out needs of the socket side. Each frame is written
 * with a group's shared payload spliced in (shared-payload.ts), and every
 * frame's backlog is watched (socket-backlog.ts) so that a socket too far
 * behind is closed and its subscriptions ended at once.
 */
export function serveGraphQLWs<P extends Record<string, unknown> | undefined, E extends SocketExtra>(
  options: ServerOptions<P, E>,
  wss: WebSocketServer,
  { log, production, backlog: policy, tooFarBehind, keepAliveMs = 12_000 }: GraphQLWsServerOptions,
): GraphQLWsServer {
  const server = makeServer<P, E>(options);
  /** How graphql-ws is told a socket closed; called once per socket, whichever comes first of the close and `closeTooFarBehind`. */
  const closers = new Map<WebSocket, (code: number, reason: string) => Promise<void>>();
  const endOperations = (socket: WebSocket, code: number, reason: string) => {
    const closed = closers.get(socket);
    if (!closed) return;
    closers.delete(socket);
    void closed(code, reason).catch((error: unknown) => log.error({ err: errorText(error) }, 'ending a socket’s operations failed'));
  };
  const closeTooFarBehind = (socket: WebSocket) => {
    if (socket.readyState === socket.OPEN) socket.close(tooFarBehind.code, tooFarBehind.reason);
    endOperations(socket, tooFarBehind.code, tooFarBehind.reason);
  };
  const backlog = new SocketBacklog(policy, closeTooFarBehind);
  const internalError = (socket: WebSocket, error: unknown, what: string) => {
    log.error({ err: errorText(error) }, what);
    socket.close(CloseCode.InternalServerError, production ? 'Internal server error' : errorText(error).slice(0, 100));
  };

  wss.options.handleProtocols = handleProtocols;
  wss.once('error', (error) => {
    log.error({ err: errorText(error) }, 'the WebSocket server failed');
    for (const client of wss.clients) client.close(CloseCode.InternalServerError, 'Internal server error');
  });
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    socket.once('error', (error) => internalError(socket, error, 'a WebSocket failed'));
    let pongWait: NodeJS.Timeout | undefined;
    const ping =
      keepAliveMs > 0
        ? setInterval(() => {
            if (socket.readyState !== socket.OPEN) return;
            pongWait = setTimeout(() => socket.terminate(), keepAliveMs);
            socket.once('pong', () => clearTimeout(pongWait));
            socket.ping();
          }, keepAliveMs)
        : undefined;
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(withSharedPayload(data), (error) => {
              backlog.written(socket);
              if (error) reject(error);
              else resolve();
            });
            backlog.queued(socket);
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data: RawData) => {
            // Once its operations were ended early, a socket's messages would start ones nobody ends.
            if (!closers.has(socket)) return;
            handle(textOf(data)).catch((error: unknown) => internalError(socket, error, 'handling a graphql-ws message failed'));
          }),
      },
      { socket, request } as E,
    );
    closers.set(socket, closed);
    socket.once('close', (code: number, reason: Buffer) => {
      clearTimeout(pongWait);
      clearInterval(ping);
      backlog.forget(socket);
      endOperations(socket, code, String(reason));
    });
  });

  return {
    closeTooFarBehind,
    dispose: async () => {
      backlog.dispose();
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A message's text: ws hands over a Buffer (its default binaryType), or its fragments, or an ArrayBuffer. */
function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(data).toString();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
