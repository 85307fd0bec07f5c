/** Runs a task when a slot is free; `running` and `waiting` say how busy it is. */
export interface ConcurrencyLimit {
  <T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/** Thrown, without running the task, when `maxWaiting` tasks already wait. */
export class QueueFullError extends Error {
  constructor() {
    super('Too many tasks are waiting for a slot.');
  }
}

/**
 * Runs at most `limit` tasks at once (and lets at most `maxWaiting` wait); the others wait their turn, first come
 * first served. Per process: it bounds this process's CPU, not a rule that
 * must hold across instances.
 */
export function concurrencyLimit(limit: number, maxWaiting = Number.POSITIVE_INFINITY): ConcurrencyLimit {
  let running = 0;
  const queue: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    // A queue without a bound only turns a flood into a wait for everyone behind it.
    else if (queue.length >= maxWaiting) throw new QueueFullError();
    else await new Promise<void>((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so none can jump the queue.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
  return Object.defineProperties(run, {
    running: { get: () => running },
    waiting: { get: () => queue.length },
  }) as ConcurrencyLimit;
}
