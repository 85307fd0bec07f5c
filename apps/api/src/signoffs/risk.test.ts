import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessRisk, type RiskLevel } from './risk.js';

const builtIn = (op: string) => ({ op, version: null, declaredRisk: 'LOW' as RiskLevel, irreversible: false });

describe('a request’s risk', () => {
  test('deleting, transferring and granting authority are HIGH, each with its reason', () => {
    for (const op of ['repository.delete', 'repository.transfer', 'authority.grant']) {
      const assessed = assessRisk(builtIn(op), {});
      expect(assessed.risk, op).toBe('HIGH');
      expect(assessed.reasons).toHaveLength(1);
    }
  });

  test('serving and unserving are LOW', () => {
    expect(assessRisk(builtIn('repository.serve'), {})).toEqual({ risk: 'LOW', reasons: [] });
    expect(assessRisk(builtIn('repository.unserve'), {})).toEqual({ risk: 'LOW', reasons: [] });
  });

  test('a minted token is MEDIUM exactly when it can write or outlives 24 hours, naming each reason', () => {
    fc.assert(
      fc.property(fc.subarray(['read', 'write']), fc.integer({ min: 1, max: 24 * 90 }), (scopes, ttlHours) => {
        const assessed = assessRisk(builtIn('repository.mintToken'), { scopes, ttlHours });
        const expected = [scopes.includes('write'), ttlHours > 24].filter(Boolean).length;
        expect(assessed.reasons).toHaveLength(expected);
        expect(assessed.risk).toBe(expected > 0 ? 'MEDIUM' : 'LOW');
      }),
    );
    expect(assessRisk(builtIn('repository.mintToken'), { scopes: ['read'], ttlHours: 24 })).toEqual({ risk: 'LOW', reasons: [] });
  });

  test('a defined operation has its declared risk, raised to HIGH when irreversible, never lowered', () => {
    fc.assert(
      fc.property(fc.constantFrom<RiskLevel>('LOW', 'MEDIUM', 'HIGH'), fc.boolean(), fc.jsonValue(), (declaredRisk, irreversible, input) => {
        const assessed = assessRisk({ op: 'x.y', version: 3, declaredRisk, irreversible }, input);
        expect(assessed.risk).toBe(irreversible ? 'HIGH' : declaredRisk);
        expect(assessed.reasons.length > 0).toBe(assessed.risk !== 'LOW');
      }),
    );
  });
});
