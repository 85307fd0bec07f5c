import { describe, expect, test } from 'vitest';
import { checkTerms, decideDraw, MAX_TOTAL, type AuthorityTerms, type LockedBalance } from './terms.js';
import { lockedBalance } from '../../../test/balance-kit.js';

// The owner reads these refusals as they are: each names the field at fault
// and its bound exactly, and each bound holds at its edge.

const AGENT = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-8000-000000000002';
const now = new Date('2026-11-30T12:00:00Z');

/** The refusal's message; every refusal is BAD_INPUT, the one code a client sees for bad terms. */
const refusal = (input: Parameters<typeof checkTerms>[0]): string => {
  try {
    checkTerms(input, AGENT, OWNER);
  } catch (error) {
    expect((error as { extensions?: { code?: string } }).extensions?.code).toBe('BAD_INPUT');
    return (error as Error).message;
  }
  return 'accepted';
};

const terms = (over: Partial<AuthorityTerms> = {}): AuthorityTerms => ({
  agentId: AGENT,
  ownerId: OWNER,
  name: 'budget',
  tokens: null,
  minorUnits: null,
  currency: null,
  draws: null,
  perDrawTokens: null,
  perDrawMinorUnits: null,
  notBefore: null,
  notAfter: null,
  ...over,
});

const balance = (over: Partial<LockedBalance> = {}): LockedBalance => lockedBalance(now, over);

describe('checkTerms refusals', () => {
  test('hold a name to 1 to 100 characters after trimming, and refuse a name that is no string', () => {
    const message = 'An authority name is 1 to 100 characters.';
    expect(refusal({ name: '', tokens: 1 })).toBe(message);
    expect(refusal({ name: '   ', tokens: 1 })).toBe(message);
    expect(refusal({ name: 'x'.repeat(101), tokens: 1 })).toBe(message);
    expect(refusal({ name: 42 as unknown as string, tokens: 1 })).toBe(message);
    expect(checkTerms({ name: 'x'.repeat(100), tokens: 1 }, AGENT, OWNER).name).toBe('x'.repeat(100));
    expect(checkTerms({ name: 'Stryker was here!', tokens: 1 }, AGENT, OWNER).name).toBe('Stryker was here!');
  });

  test('name the amount at fault and its lower bound', () => {
    expect(refusal({ name: 'x', tokens: -1 })).toBe('tokens must be a whole number from 0 to 2^53 − 1.');
    expect(refusal({ name: 'x', tokens: 1, minorUnits: -1, currency: 'EUR' })).toBe('minorUnits must be a whole number from 0 to 2^53 − 1.');
    expect(refusal({ name: 'x', draws: -1 })).toBe('draws must be a whole number from 0 to 2^53 − 1.');
    expect(refusal({ name: 'x', tokens: 1, perDrawTokens: 0 })).toBe('perDrawTokens must be a whole number from 1 to 2^53 − 1.');
    expect(refusal({ name: 'x', minorUnits: 1, currency: 'EUR', perDrawMinorUnits: 0 })).toBe('perDrawMinorUnits must be a whole number from 1 to 2^53 − 1.');
    // Absent and null amounts are no ceiling at all.
    expect(checkTerms({ name: 'x', tokens: null, draws: 1, perDrawTokens: undefined }, AGENT, OWNER)).toMatchObject({ tokens: null, perDrawTokens: null });
  });

  test('name the instant at fault, and take years 1 to 9999 and nothing past them', () => {
    const bounds = 'must be an ISO 8601 instant with an offset, from year 1 to 9999 (e.g. 2026-11-30T12:00:00Z).';
    expect(refusal({ name: 'x', tokens: 1, notBefore: 'soon' })).toBe(`notBefore ${bounds}`);
    expect(refusal({ name: 'x', tokens: 1, notAfter: 'later' })).toBe(`notAfter ${bounds}`);
    expect(refusal({ name: 'x', tokens: 1, notBefore: new Date(Number.NaN) })).toBe(`notBefore ${bounds}`);
    expect(refusal({ name: 'x', tokens: 1, notBefore: new Date('0000-06-01T00:00:00Z') })).toBe(`notBefore ${bounds}`);
    expect(refusal({ name: 'x', tokens: 1, notAfter: new Date('+010000-01-01T00:00:00Z') })).toBe(`notAfter ${bounds}`);
    expect(checkTerms({ name: 'x', tokens: 1, notBefore: new Date('0001-01-01T00:00:00Z') }, AGENT, OWNER).notBefore?.toISOString()).toBe(
      '0001-01-01T00:00:00.000Z',
    );
    expect(checkTerms({ name: 'x', tokens: 1, notBefore: null, notAfter: undefined }, AGENT, OWNER)).toMatchObject({ notBefore: null, notAfter: null });
  });

  test('say what a ceiling, a currency and a window need', () => {
    expect(refusal({ name: 'x' })).toBe('An authority needs at least one ceiling: tokens, minorUnits or draws.');
    expect(refusal({ name: 'x', minorUnits: 5, currency: 'EURO' })).toBe('currency must be an ISO 4217 code such as EUR.');
    expect(refusal({ name: 'x', minorUnits: 5, currency: 'XEUR' })).toBe('currency must be an ISO 4217 code such as EUR.');
    expect(refusal({ name: 'x', minorUnits: 5 })).toBe('minorUnits and currency go together.');
    expect(refusal({ name: 'x', tokens: 5, perDrawMinorUnits: 5 })).toBe('perDrawMinorUnits needs a minorUnits ceiling and its currency.');
    expect(refusal({ name: 'x', tokens: 5, notBefore: now, notAfter: new Date(now.getTime() - 1) })).toBe('notBefore must come before notAfter.');
    // One end alone is a window too.
    expect(checkTerms({ name: 'x', tokens: 5, notBefore: now }, AGENT, OWNER).notBefore).toEqual(now);
    expect(checkTerms({ name: 'x', tokens: 5, notAfter: now }, AGENT, OWNER).notAfter).toEqual(now);
  });
});

describe('decideDraw explanations', () => {
  test('give a revocation without a reason as an empty one', () => {
    expect(decideDraw(terms({ tokens: 5 }), balance({ revoked: true }), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'revoked', reason: '' });
  });

  test('name the per-draw cap that was passed', () => {
    expect(decideDraw(terms({ tokens: 50, perDrawTokens: 5 }), balance(), { tokens: 6, minorUnits: 0 })).toEqual({
      kind: 'per-draw-cap',
      message: 'One draw may take at most 5 tokens.',
    });
    expect(decideDraw(terms({ minorUnits: 500, currency: 'EUR', perDrawMinorUnits: 50 }), balance(), { tokens: 0, minorUnits: 51 })).toEqual({
      kind: 'per-draw-cap',
      message: 'One draw may take at most 50 minor units of EUR.',
    });
  });

  test('name the total that would pass 2^53 − 1', () => {
    const full = MAX_TOTAL;
    expect(decideDraw(terms({ draws: 10 }), balance({ drawnTokens: full }), { tokens: 1, minorUnits: 0 })).toMatchObject({
      message: 'This draw would take the tokens drawn under this authority past 2^53 − 1, the largest total it can keep exactly; nothing was drawn.',
    });
    expect(decideDraw(terms({ draws: 10 }), balance({ drawnMinorUnits: full }), { tokens: 0, minorUnits: 1 })).toMatchObject({
      message: 'This draw would take the minor units drawn under this authority past 2^53 − 1, the largest total it can keep exactly; nothing was drawn.',
    });
  });
});
