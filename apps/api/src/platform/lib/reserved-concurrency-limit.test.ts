import { describe, expect, test } from 'vitest';
import { QueueFullError } from './concurrency-limit.js';
import { reservedConcurrencyLimit } from './reserved-concurrency-limit.js';

/** A task that runs until released, recording that it started. */
function held(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (started.push(name), done), release: () => release() };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('reservedConcurrencyLimit', () => {
  test('with the shared slot and its 48 places taken, refuses another unreserved task and runs a reserved one at once', async () => {
    const limit = reservedConcurrencyLimit({ slots: 2, reservedSlots: 1, maxWaiting: 64, reservedWaiting: 16 });
    const started: string[] = [];
    const flood = Array.from({ length: 49 }, (_, i) => held(started, `flood ${i}`));
    const running = flood.map(({ task }) => limit(task));
    await flush();
    expect([limit.running, limit.waitingUnreserved]).toEqual([1, 48]);
    await expect(limit(() => Promise.resolve('late'))).rejects.toBeInstanceOf(QueueFullError);
    const known = held(started, 'known');
    const admitted = limit(known.task, { reserved: true });
    await flush();
    // Admitted while the others queue: it is running, and not one of the 48 has moved.
    expect(started).toEqual(['flood 0', 'known']);
    expect([limit.running, limit.waitingUnreserved, limit.waitingReserved]).toEqual([2, 48, 0]);
    known.release();
    await admitted;
    for (const { release } of flood) release();
    await Promise.all(running);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  test('lets 16 reserved tasks wait when both slots are busy and refuses the 17th; a freed reserved slot goes to a reserved task', async () => {
    const limit = reservedConcurrencyLimit({ slots: 2, reservedSlots: 1, maxWaiting: 64, reservedWaiting: 16 });
    const started: string[] = [];
    const first = held(started, 'known 0');
    const second = held(started, 'known 1');
    // A reserved task takes the shared slot too when it is free.
    const runs = [limit(first.task, { reserved: true }), limit(second.task, { reserved: true })];
    const queued = Array.from({ length: 16 }, (_, i) => held(started, `known ${i + 2}`));
    runs.push(...queued.map(({ task }) => limit(task, { reserved: true })));
    const other = held(started, 'other');
    runs.push(limit(other.task));
    await flush();
    expect([limit.running, limit.waitingReserved, limit.waitingUnreserved]).toEqual([2, 16, 1]);
    await expect(limit(() => Promise.resolve(), { reserved: true })).rejects.toBeInstanceOf(QueueFullError);
    // The reserved slot frees: the next reserved task takes it. The shared one frees: the unreserved task, waiting longer, takes it.
    first.release();
    await flush();
    expect(started.at(-1)).toBe('known 2');
    second.release();
    await flush();
    expect(started.at(-1)).toBe('other');
    other.release();
    for (const { release } of queued) release();
    await Promise.all(runs);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  test('never runs more than its slots, nor unreserved tasks in the reserved one, with hundreds arriving and finishing together, repeatedly', async () => {
    for (let round = 0; round < 20; round++) {
      const limit = reservedConcurrencyLimit({ slots: 2, reservedSlots: 1, maxWaiting: 64, reservedWaiting: 16 });
      let running = 0;
      let unreserved = 0;
      let most = 0;
      let mostUnreserved = 0;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 300 }, (_, i) => {
          const reserved = (i * 7 + round) % 5 === 0;
          return limit(
            async () => {
              running += 1;
              if (!reserved) unreserved += 1;
              most = Math.max(most, running);
              mostUnreserved = Math.max(mostUnreserved, unreserved);
              for (let k = 0; k < (i % 3) + 1; k++) await flush();
              running -= 1;
              if (!reserved) unreserved -= 1;
            },
            { reserved },
          );
        }),
      );
      expect(most).toBe(2);
      expect(mostUnreserved).toBe(1);
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refused.every((outcome) => outcome.reason instanceof QueueFullError)).toBe(true);
      // 1 + 48 unreserved and 2 + 16 reserved places at most were ever taken: everything beyond was refused, nothing lost.
      expect(outcomes.length - refused.length).toBeLessThanOrEqual(2 + 48 + 16);
      expect([limit.running, limit.waiting]).toEqual([0, 0]);
    }
  });
});
