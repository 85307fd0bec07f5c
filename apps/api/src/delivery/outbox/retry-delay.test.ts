import { describe, expect, test } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  test('doubles from the base, with jitter over the upper half', () => {
    expect(retryDelayMs(1, 4000, () => 0)).toBe(2000);
    expect(retryDelayMs(1, 4000, () => 1)).toBe(4000);
    expect(retryDelayMs(2, 4000, () => 0)).toBe(4000);
    expect(retryDelayMs(3, 4000, () => 1)).toBe(16000);
  });

  test('the first retry with the default base comes within 5 s', () => {
    for (const r of [0, 0.25, 0.5, 0.999999]) expect(retryDelayMs(1, 4000, () => r)).toBeLessThanOrEqual(4000);
  });

  test('caps at an hour, however many attempts', () => {
    expect(retryDelayMs(20, 4000, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(1000, 4000, () => 0)).toBe(1_800_000);
    expect(retryDelayMs(Number.MAX_SAFE_INTEGER, 4000, () => 1)).toBe(3_600_000);
  });

  test('an attempt under 1 waits as the first', () => {
    expect(retryDelayMs(0, 4000, () => 1)).toBe(4000);
    expect(retryDelayMs(-3, 4000, () => 1)).toBe(4000);
  });

  test('uses Math.random by default', () => {
    const delay = retryDelayMs(1, 4000);
    expect(delay).toBeGreaterThanOrEqual(2000);
    expect(delay).toBeLessThanOrEqual(4000);
  });
});
