import { describe, expect, test } from 'vitest';
import { concurrencyLimit, QueueFullError } from './concurrency-limit.js';

/** A task that runs until the test lets it finish. */
function gate() {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('concurrencyLimit', () => {
  test('runs at most the limit at once and starts the others in arrival order as slots free', async () => {
    const run = concurrencyLimit(2);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const tasks = gates.map((g, i) =>
      run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([run.running, run.waiting]).toEqual([2, 3]);
    gates[1]!.open();
    await tasks[1];
    await expect.poll(() => started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await expect.poll(() => started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.open();
    gates[4]!.open();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect([run.running, run.waiting]).toEqual([0, 0]);
  });

  test('frees the slot of a task that fails', async () => {
    const run = concurrencyLimit(1);
    await expect(
      run(async () => {
        throw new Error('argon2 failed');
      }),
    ).rejects.toThrow('argon2 failed');
    expect(await run(async () => 'next')).toBe('next');
  });

  test('refuses a task at once, without running it, when as many as allowed already wait', async () => {
    const run = concurrencyLimit(1, 2);
    const gates = Array.from({ length: 3 }, gate);
    const ran: number[] = [];
    const admitted = gates.map((g, i) =>
      run(async () => {
        ran.push(i);
        await g.done;
      }),
    );
    await expect(
      run(async () => {
        ran.push(99);
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect([run.running, run.waiting]).toEqual([1, 2]);
    for (const g of gates) g.open();
    await Promise.all(admitted);
    expect(ran).toEqual([0, 1, 2]);
    // Room again once the queue drained.
    await run(async () => {
      ran.push(3);
    });
    expect(ran).toEqual([0, 1, 2, 3]);
  });
});
