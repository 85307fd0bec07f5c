import { createClient, type Client } from 'graphql-ws';

/** How long a dropped socket waits before its first reconnection; doubled for each further one. */
const RECONNECT_FIRST_DELAY_MS = 1000;
/** Spreads reconnections of many agents after a server restart. */
const RECONNECT_JITTER_MS = 1000;

export type SocketState = 'idle' | 'connecting' | 'open';

/**
 * The agent's one WebSocket, opened lazily on first use and shared by every
 * wait; graphql-ws reconnects it with backoff and jitter. `close()` ends it
 * and cuts short any reconnection delay in progress.
 */
export class LiveSocket {
  private socket: Client | undefined;
  /** The WebSocket constructor, looked for once, on first use. */
  private webSocketImpl: Promise<unknown> | undefined;
  /** Where the socket is, as graphql-ws last reported it. */
  state: SocketState = 'idle';
  /** Ends the reconnection delays in progress, so `close()` does not wait them out. */
  private readonly pauses = new Set<() => void>();

  /**
   * @param findWebSocketImpl Answers the WebSocket constructor to use, or
   *   undefined when there is none (the waits then poll). Called once, on
   *   first use, so a missing optional `ws` costs nothing until a wait.
   */
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly findWebSocketImpl: () => Promise<unknown>,
  ) {}

  /** The shared graphql-ws client, created on first use; undefined when no WebSocket exists here. */
  async client(): Promise<Client | undefined> {
    if (this.socket) return this.socket;
    this.webSocketImpl ??= this.findWebSocketImpl();
    const webSocketImpl = await this.webSocketImpl;
    if (!webSocketImpl) return undefined;
    // Another wait may have created it while this one looked for the constructor.
    this.socket ??= createClient({
      url: this.url,
      webSocketImpl,
      connectionParams: { authorization: `Bearer ${this.key}` },
      lazy: true,
      retryAttempts: 5,
      retryWait: (retries) => this.pause(RECONNECT_FIRST_DELAY_MS * 2 ** retries + Math.random() * RECONNECT_JITTER_MS),
      on: {
        connecting: () => {
          this.state = 'connecting';
        },
        connected: () => {
          this.state = 'open';
        },
        closed: () => {
          this.state = 'idle';
        },
      },
    });
    return this.socket;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.pauses.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.pauses.add(end);
    });
  }

  async close(): Promise<void> {
    for (const end of [...this.pauses]) end();
    const socket = this.socket;
    this.socket = undefined;
    // A reconnection cut short rejects the pending connection: that is the point, not a failure.
    await Promise.resolve(socket?.dispose()).catch(() => undefined);
  }
}
