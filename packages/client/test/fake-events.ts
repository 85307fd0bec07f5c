import type { SignOff } from '../src/types.js';

type Listener = (signOff: SignOff) => void;

/** The stand-in API's `signOffEvents` subscriptions: who listens, and who waits for a listener. */
export class FakeEvents {
  private readonly listeners = new Set<Listener>();
  private readonly subscribedWaiters = new Set<() => void>();

  get count(): number {
    return this.listeners.size;
  }

  subscribed(): Promise<void> {
    if (this.listeners.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.subscribedWaiters.add(resolve));
  }

  publish(signOff: SignOff): void {
    for (const listener of this.listeners) listener(signOff);
  }

  /** A hand-written iterator rather than a generator: `return()` must unsubscribe even while it waits. */
  stream(id: string | undefined): AsyncIterableIterator<{ signOffEvents: { signOff: SignOff } }> {
    const queue: SignOff[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const listener: Listener = (signOff) => {
      if (id !== undefined && signOff.id !== id) return;
      queue.push(signOff);
      wake?.();
    };
    this.listeners.add(listener);
    for (const resolve of this.subscribedWaiters) resolve();
    this.subscribedWaiters.clear();
    const iterator: AsyncIterableIterator<{ signOffEvents: { signOff: SignOff } }> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        while (queue.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
        const signOff = queue.shift();
        return signOff && !done ? { value: { signOffEvents: { signOff } }, done: false } : { value: undefined, done: true };
      },
      return: async () => {
        done = true;
        this.listeners.delete(listener);
        wake?.();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }
}
