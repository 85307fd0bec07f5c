import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { jitteredDelay, startPeriodic } from './periodic-task.js';

describe('jitteredDelay', () => {
  test('always stays within spread of the interval either way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (intervalMs, spread, r) => {
          const delay = jitteredDelay(intervalMs, spread, () => r);
          // A relative slack of one part in 1e12 absorbs floating-point rounding, nothing more.
          const slack = intervalMs * 1e-12;
          expect(delay).toBeGreaterThanOrEqual(intervalMs * (1 - spread) - slack);
          expect(delay).toBeLessThanOrEqual(intervalMs * (1 + spread) + slack);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('keeps the interval exact when the spread is 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_600_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (intervalMs, r) => {
        expect(jitteredDelay(intervalMs, 0, () => r)).toBe(intervalMs);
      }),
    );
  });

  test('spans 0.75 to 1.25 times the interval with the default spread of a quarter', () => {
    expect(jitteredDelay(1000, 0.25, () => 0)).toBe(750);
    expect(jitteredDelay(1000, 0.25, () => 0.5)).toBe(1000);
    expect(jitteredDelay(1000, 0.25, () => 0.999_999)).toBeCloseTo(1250, 2);
  });
});

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('runs the task after each jittered wait, the next wait starting when a run ends', async () => {
    let runs = 0;
    const periodic = startPeriodic(
      async () => {
        runs += 1;
      },
      { job: 'test', intervalMs: 1000, random: () => 0 },
    );
    await vi.advanceTimersByTimeAsync(749);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(750);
    expect(runs).toBe(2);
    await periodic.stop();
  });

  test('runs once at start when asked, then every interval', async () => {
    let runs = 0;
    const periodic = startPeriodic(
      async () => {
        runs += 1;
      },
      { job: 'test', intervalMs: 1000, spread: 0, runAtStart: true },
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await periodic.stop();
  });

  test('never overlaps runs: a slow run delays the next wait', async () => {
    let active = 0;
    let most = 0;
    const periodic = startPeriodic(
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5000));
        active -= 1;
      },
      { job: 'test', intervalMs: 1000, spread: 0 },
    );
    await vi.advanceTimersByTimeAsync(20_000);
    expect(most).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await periodic.stop();
  });

  test('stop waits for the run in progress and starts no further run', async () => {
    let runs = 0;
    let finished = false;
    const periodic = startPeriodic(
      async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      },
      { job: 'test', intervalMs: 1000, spread: 0 },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    const stopping = periodic.stop();
    await vi.advanceTimersByTimeAsync(500);
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });
});
