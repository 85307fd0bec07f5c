import { QueueFullError } from './concurrency-limit.js';

/** A bounded pool of slots part of which only reserved tasks may use. */
export interface ReservedConcurrencyLimit {
  /** Runs `task` when a slot its class may use is free; throws {@link QueueFullError}, without running it, when its class's waiting places are taken. */
  <T>(task: () => Promise<T>, options?: { reserved?: boolean }): Promise<T>;
  /** Tasks running, of both classes. */
  readonly running: number;
  /** Tasks waiting, of both classes. */
  readonly waiting: number;
  /** Tasks waiting that are not reserved (at most `maxWaiting - reservedWaiting`). */
  readonly waitingUnreserved: number;
  /** Reserved tasks waiting (at most `reservedWaiting`). */
  readonly waitingReserved: number;
}

export interface ReservedLimitOptions {
  /** Slots in all. */
  slots: number;
  /** Of `slots`, how many only reserved tasks may run in. */
  reservedSlots: number;
  /** Waiting places in all. */
  maxWaiting: number;
  /** Of `maxWaiting`, how many only reserved tasks may wait in. */
  reservedWaiting: number;
}

type Slot = 'shared' | 'reserved';

/**
 * Like `concurrencyLimit`, with a share kept for one class of task (a known
 * device's sign-in): however many other tasks arrive, `reservedSlots` slots
 * and `reservedWaiting` waiting places stay theirs, so a flood of the others
 * fills only what is left and a reserved task is admitted while the others
 * queue. A reserved task also takes a shared slot when one is free. A freed
 * shared slot goes to the oldest unreserved task first (reserved ones have
 * their own), a freed reserved slot to the oldest reserved task; each class
 * is first come, first served. Per process, as concurrencyLimit.
 */
export function reservedConcurrencyLimit({ slots, reservedSlots, maxWaiting, reservedWaiting }: ReservedLimitOptions): ReservedConcurrencyLimit {
  const sharedSlots = slots - reservedSlots;
  const sharedWaiting = maxWaiting - reservedWaiting;
  let runningShared = 0;
  let runningReserved = 0;
  const unreservedQueue: ((slot: Slot) => void)[] = [];
  const reservedQueue: ((slot: Slot) => void)[] = [];

  const acquire = (reserved: boolean): Slot | Promise<Slot> => {
    if (reserved && runningReserved < reservedSlots) {
      runningReserved += 1;
      return 'reserved';
    }
    if (runningShared < sharedSlots) {
      runningShared += 1;
      return 'shared';
    }
    const queue = reserved ? reservedQueue : unreservedQueue;
    if (queue.length >= (reserved ? reservedWaiting : sharedWaiting)) throw new QueueFullError();
    return new Promise<Slot>((resolve) => queue.push(resolve));
  };

  // The slot passes straight to the next in line that may use it, so none can jump the queue.
  const release = (slot: Slot): void => {
    const next = slot === 'reserved' ? reservedQueue.shift() : (unreservedQueue.shift() ?? reservedQueue.shift());
    if (next) next(slot);
    else if (slot === 'reserved') runningReserved -= 1;
    else runningShared -= 1;
  };

  const run = async <T>(task: () => Promise<T>, options?: { reserved?: boolean }): Promise<T> => {
    const slot = await acquire(options?.reserved === true);
    try {
      return await task();
    } finally {
      release(slot);
    }
  };
  return Object.defineProperties(run, {
    running: { get: () => runningShared + runningReserved },
    waiting: { get: () => unreservedQueue.length + reservedQueue.length },
    waitingUnreserved: { get: () => unreservedQueue.length },
    waitingReserved: { get: () => reservedQueue.length },
  }) as ReservedConcurrencyLimit;
}
