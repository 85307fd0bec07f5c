import type { WebSocket } from 'ws';

/**
 * When a socket's unsent bytes make it too far behind. A client that reads
 * keeps its backlog near zero (the kernel absorbs bursts first); one with
 * many subscriptions can still see a burst of events pile up past `boundBytes`
 * for a moment and drain it. So the bound alone closes nobody: a socket is
 * closed when its backlog is still over `boundBytes` `sustainedMs` after it
 * went over without having come back under, or at once when it passes
 * `ceilingBytes`, which is what keeps a dead socket's memory bounded
 * whatever its subscriptions send.
 */
export interface BacklogPolicy {
  boundBytes: number;
  ceilingBytes: number;
  sustainedMs: number;
}

/** Why a socket was found too far behind. */
export type Behind = 'SUSTAINED' | 'CEILING';

const counts = { over: 0, drained: 0, sustained: 0, ceiling: 0 };

/**
 * Process-wide counts of backlog episodes, for tests to wait on: how many
 * times a socket went over the bound, came back under it, and was found too
 * far behind for each reason.
 */
export function backlogCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/**
 * Watches each socket's backlog (`bufferedAmount`: bytes handed to ws and not
 * yet taken by the kernel) as frames are queued and as they are written
 * out, the only moments it changes, so no timer runs per event: a socket
 * over the bound has one timer, armed when it goes over and cleared when a
 * write finds it back under. A backlog that grows only between samples
 * cannot go unseen, since it grows only by the frames that are sampled.
 */
export class SocketBacklog {
  private readonly overSince = new Map<WebSocket, NodeJS.Timeout>();

  constructor(
    private readonly policy: BacklogPolicy,
    /** Called once per socket found too far behind; the caller closes it. */
    private readonly tooFarBehind: (socket: WebSocket, why: Behind) => void,
  ) {}

  /** After a frame was handed to ws for `socket`. */
  queued(socket: WebSocket): void {
    const backlog = socket.bufferedAmount;
    if (backlog > this.policy.ceilingBytes) this.behind(socket, 'CEILING');
    else this.sample(socket, backlog);
  }

  /** After a frame of `socket` was taken by the kernel (or failed). */
  written(socket: WebSocket): void {
    this.sample(socket, socket.bufferedAmount);
  }

  /** Drops what is kept for a closed socket. */
  forget(socket: WebSocket): void {
    clearTimeout(this.overSince.get(socket));
    this.overSince.delete(socket);
  }

  /** Stops every timer (the server is closing). */
  dispose(): void {
    for (const timer of this.overSince.values()) clearTimeout(timer);
    this.overSince.clear();
  }

  private sample(socket: WebSocket, backlog: number): void {
    const timer = this.overSince.get(socket);
    if (backlog <= this.policy.boundBytes) {
      if (timer === undefined) return;
      this.forget(socket);
      counts.drained += 1;
      return;
    }
    if (timer !== undefined || socket.readyState !== socket.OPEN) return;
    counts.over += 1;
    const check = setTimeout(() => {
      this.overSince.delete(socket);
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > this.policy.boundBytes) this.behind(socket, 'SUSTAINED');
      else counts.drained += 1;
    }, this.policy.sustainedMs);
    check.unref();
    this.overSince.set(socket, check);
  }

  private behind(socket: WebSocket, why: Behind): void {
    this.forget(socket);
    if (socket.readyState !== socket.OPEN) return;
    counts[why === 'CEILING' ? 'ceiling' : 'sustained'] += 1;
    this.tooFarBehind(socket, why);
  }
}
