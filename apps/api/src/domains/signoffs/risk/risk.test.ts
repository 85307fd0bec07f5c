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

  test('a money amount above the owner’s threshold for its currency raises any request to HIGH, naming both amounts; at or below it, or in another currency, it does not', () => {
    const defined = { op: 'shop.refund', version: 1, declaredRisk: 'LOW' as RiskLevel, irreversible: false };
    const thresholds = [
      { currency: 'EUR', minorUnits: 100_000 },
      { currency: 'JPY', minorUnits: 500 },
    ];
    const refund = (money: unknown) => ({ order: 'A-1', lines: [{ total: money }] });
    expect(assessRisk(defined, refund({ minorUnits: 500_000, currency: 'EUR' }), thresholds)).toEqual({
      risk: 'HIGH',
      reasons: ['It moves EUR 5,000.00, above your EUR 1,000.00 threshold.'],
    });
    expect(assessRisk(defined, refund({ minorUnits: 100_000, currency: 'EUR' }), thresholds)).toEqual({ risk: 'LOW', reasons: [] });
    expect(assessRisk(defined, refund({ minorUnits: 99_999, currency: 'EUR' }), thresholds)).toEqual({ risk: 'LOW', reasons: [] });
    expect(assessRisk(defined, refund({ minorUnits: 10_000_000, currency: 'USD' }), thresholds)).toEqual({ risk: 'LOW', reasons: [] });
    expect(assessRisk(defined, refund({ minorUnits: 501, currency: 'JPY' }), thresholds).reasons).toEqual(['It moves JPY 501, above your JPY 500 threshold.']);
    // A built-in's own reason stays first; an authority grant's terms are a money object too.
    expect(assessRisk(builtIn('authority.grant'), { name: 'x', minorUnits: 100_001, currency: 'EUR' }, thresholds)).toEqual({
      risk: 'HIGH',
      reasons: ['It lets the agent spend without asking, up to the ceilings.', 'It moves EUR 1,000.01, above your EUR 1,000.00 threshold.'],
    });
  });

  test('an amount too large for an exact integer still counts as money, and is above every threshold', () => {
    const defined = { op: 'shop.refund', version: 1, declaredRisk: 'LOW' as RiskLevel, irreversible: false };
    const assessed = assessRisk(defined, { total: { minorUnits: 1e22, currency: 'EUR' } }, [{ currency: 'EUR', minorUnits: 100_000 }]);
    expect(assessed).toEqual({ risk: 'HIGH', reasons: ['It moves EUR 100,000,000,000,000,000,000.00, above your EUR 1,000.00 threshold.'] });
  });

  test('with thresholds, a request is HIGH exactly when some amount in it passes its currency’s threshold', () => {
    const money = fc.record({ minorUnits: fc.integer({ min: 0, max: 2_000 }), currency: fc.constantFrom('EUR', 'USD', 'BHD') });
    fc.assert(
      fc.property(fc.array(money, { maxLength: 5 }), fc.array(money, { maxLength: 3 }), (amounts, thresholds) => {
        const assessed = assessRisk(builtIn('repository.serve'), { nested: { amounts } }, thresholds);
        const passes = amounts.some((amount) => thresholds.some((t) => t.currency === amount.currency && amount.minorUnits > t.minorUnits));
        expect(assessed.risk).toBe(passes ? 'HIGH' : 'LOW');
      }),
    );
  });
});
