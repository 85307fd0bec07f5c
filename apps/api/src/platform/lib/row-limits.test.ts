import { describe, expect, test } from 'vitest';
import { DEFAULT_ROW_LIMITS, readRowLimits } from './row-limits.js';

describe('the row limits settings', () => {
  test('default to 1,000 repositories per owner, 200 operations per tenant, 600 publishes per agent per hour and 1,000 manifest names per tenant', () => {
    expect(readRowLimits({})).toEqual({ repositoriesPerOwner: 1000, operationsPerTenant: 200, publishesPerAgentPerHour: 600, manifestNamesPerTenant: 1000 });
    expect(readRowLimits({ COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER: '' })).toEqual(DEFAULT_ROW_LIMITS);
  });

  test('take each COUNTERSIGN_MAX_* setting as a whole number', () => {
    expect(
      readRowLimits({
        COUNTERSIGN_MAX_REPOSITORIES_PER_OWNER: '50',
        COUNTERSIGN_MAX_OPERATIONS_PER_TENANT: '10',
        COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR: '1',
        COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT: '3',
      }),
    ).toEqual({ repositoriesPerOwner: 50, operationsPerTenant: 10, publishesPerAgentPerHour: 1, manifestNamesPerTenant: 3 });
  });

  test('refuse a value that is no whole number from 1 to 1,000,000, naming the setting', () => {
    for (const value of ['0', '-1', '1.5', 'many', '1000001', ' 5']) {
      expect(() => readRowLimits({ COUNTERSIGN_MAX_OPERATIONS_PER_TENANT: value }), value).toThrow(
        `COUNTERSIGN_MAX_OPERATIONS_PER_TENANT must be a whole number from 1 to 1000000, got ${value}`,
      );
    }
  });
});
