import type { WebSocket } from 'ws';

/**
 * Slots of the per-principal bounds (in-flight operations, live
 * subscriptions) held by a socket's running operations, by socket and
 * operation id: given back when the operation completes, or all at once
 * when the socket closes mid-operation.
 */
export class OperationSlots {
  private readonly held = new WeakMap<WebSocket, Map<string, () => void>>();
  private live = 0;
  private running = 0;

  /** Subscriptions holding a slot now (the metrics' gauge): the slot is given back exactly when the subscription ends. */
  get liveSubscriptions(): number {
    return this.live;
  }

  /** Operations holding a slot now, subscriptions included (the metrics' in-flight gauge). */
  get runningOperations(): number {
    return this.running;
  }

  /** Keeps a query's or mutation's slot until `release(socket, id)` or the socket's close. */
  hold(socket: WebSocket, id: string, giveBack: () => void): void {
    this.running += 1;
    let given = false;
    const release = () => {
      if (!given) this.running -= 1;
      given = true;
      giveBack();
    };
    let held = this.held.get(socket);
    if (!held) {
      const slots = new Map<string, () => void>();
      this.held.set(socket, (held = slots));
      socket.once('close', () => {
        for (const give of slots.values()) give();
        slots.clear();
      });
    }
    held.set(id, release);
  }

  /** As `hold`, and counted among the live subscriptions until given back (once, however often released). */
  holdSubscription(socket: WebSocket, id: string, release: () => void): void {
    this.live += 1;
    let released = false;
    this.hold(socket, id, () => {
      if (!released) this.live -= 1;
      released = true;
      release();
    });
  }

  /** Gives back the slot operation `id` holds on `socket`, if any. */
  release(socket: WebSocket, id: string): void {
    const held = this.held.get(socket);
    held?.get(id)?.();
    held?.delete(id);
  }
}
