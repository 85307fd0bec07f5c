import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { budgetReport } from './budget-check.js';

describe("the budget check's arithmetic", () => {
  test('a start fits exactly when the live processes and it together stay within max_connections less the reserved', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        (maxConnections, reserved, liveConnections, planned) => {
          const report = budgetReport({ maxConnections, reserved, liveConnections, liveProcesses: 1, uncounted: 0 }, planned);
          expect(report.usable).toBe(Math.max(0, maxConnections - reserved));
          expect(report.fits).toBe(liveConnections + planned <= maxConnections - reserved);
        },
      ),
    );
  });
});
