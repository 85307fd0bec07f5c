/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come
 * first served. Per process: it bounds this process's CPU, not a rule that
 * must hold across instances.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so none can jump the queue.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
