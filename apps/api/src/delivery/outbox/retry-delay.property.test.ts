import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

const HOUR_MS = 3_600_000;

describe('retryDelayMs (properties)', () => {
  test('always within [ceiling / 2, ceiling], the ceiling doubling from the base up to an hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, base, r) => {
          const ceiling = Math.min(base * 2 ** (attempt - 1), HOUR_MS);
          const delay = retryDelayMs(attempt, base, () => r);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
          expect(delay).toBeLessThanOrEqual(Math.ceil(ceiling));
          expect(delay).toBeLessThanOrEqual(HOUR_MS);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('the first retry with base 4000 is always within 5 s', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const delay = retryDelayMs(1, 4000, () => r);
        expect(delay).toBeGreaterThanOrEqual(2000);
        expect(delay).toBeLessThanOrEqual(4000);
      }),
    );
  });

  test('never shrinks as attempts grow, for the same draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, base, r) => {
          expect(retryDelayMs(attempt + 1, base, () => r)).toBeGreaterThanOrEqual(retryDelayMs(attempt, base, () => r));
        },
      ),
    );
  });

  test('once the ceiling reaches an hour, every later attempt waits the same, however large its number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600_000 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (base, later, r) => {
          // The first attempt whose doubled ceiling is an hour or more.
          let capped = 1;
          while (base * 2 ** (capped - 1) < HOUR_MS) capped++;
          const atCap = retryDelayMs(capped, base, () => r);
          expect(atCap).toBe(Math.round(HOUR_MS / 2 + (HOUR_MS / 2) * r));
          expect(retryDelayMs(Math.min(capped + later, Number.MAX_SAFE_INTEGER), base, () => r)).toBe(atCap);
        },
      ),
    );
  });
});
