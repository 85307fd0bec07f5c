import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defaultPoolMax } from '../config/pool-settings.js';
import { instanceConnections, PRIMARY_CONNECTIONS, processConnections, writePoolSize } from './connection-budget.js';

describe('what an instance may hold', () => {
  test('the figures docs/deploy.md gives: 31 for one process; 36 for 2 or 4 default workers; 68 for 8', () => {
    expect([1, 2, 4, 8].map((workers) => instanceConnections(workers, defaultPoolMax(workers)))).toEqual([31, 36, 36, 68]);
  });

  test("is each process's pools and LISTEN, plus the primary once there is one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 2, max: 1000 }), (workers, poolMax) => {
        const perProcess = poolMax + Math.max(2, Math.floor(poolMax / 2)) + 1;
        expect(processConnections(poolMax)).toBe(perProcess);
        expect(writePoolSize(poolMax)).toBeGreaterThanOrEqual(2);
        expect(instanceConnections(workers, poolMax)).toBe(workers === 1 ? perProcess : workers * perProcess + PRIMARY_CONNECTIONS);
      }),
    );
  });

  test('the default worker pool never lets a cluster hold fewer than one process would, nor each worker fewer than 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (workers) => {
        expect(defaultPoolMax(workers)).toBeGreaterThanOrEqual(5);
        expect(workers * defaultPoolMax(workers)).toBeGreaterThanOrEqual(20);
      }),
    );
  });
});
