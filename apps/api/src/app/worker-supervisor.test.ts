import { describe, expect, test } from 'vitest';
import { nextRestart } from './worker-supervisor.js';

describe('replacing a worker that died', () => {
  test('waits 250 ms the first time, doubling while the slot keeps dying, never more than 15 s', () => {
    let failures = 0;
    const waits: number[] = [];
    for (let death = 0; death < 10; death++) {
      const restart = nextRestart(failures, 0);
      failures = restart.failures;
      waits.push(restart.delayMs);
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000]);
  });

  test('keeps counting a worker that served briefly, and starts over for one that served 30 s', () => {
    expect(nextRestart(3, 29_999)).toEqual({ failures: 4, delayMs: 2000 });
    expect(nextRestart(6, 30_000)).toEqual({ failures: 1, delayMs: 250 });
  });
});
