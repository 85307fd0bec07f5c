import { describe, expect, test } from 'vitest';
import { canonicalTerms, checkTerms, decideDraw, type LockedBalance } from './terms.js';
import { stringMatching } from '../../../test/matchers.js';
import { lockedBalance } from '../../../test/balance-kit.js';

const AGENT = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-8000-000000000002';
const now = new Date('2026-11-30T12:00:00Z');
const balance = (over: Partial<LockedBalance> = {}): LockedBalance => lockedBalance(now, { remainingTokens: 10n, ...over });
const MAX = Number.MAX_SAFE_INTEGER;

describe('checkTerms', () => {
  test('needs a ceiling, pairs minor units with a currency, and refuses an empty window', () => {
    expect(() => checkTerms({ name: 'x' }, AGENT, OWNER)).toThrow(/at least one ceiling/);
    expect(() => checkTerms({ name: 'x', minorUnits: 5 }, AGENT, OWNER)).toThrow(/go together/);
    expect(() => checkTerms({ name: 'x', tokens: 5, currency: 'EUR' }, AGENT, OWNER)).toThrow(/go together/);
    expect(() => checkTerms({ name: 'x', minorUnits: 5, currency: 'euro' }, AGENT, OWNER)).toThrow(/ISO 4217/);
    expect(() => checkTerms({ name: 'x', tokens: 1.5 }, AGENT, OWNER)).toThrow(/whole number/);
    expect(() => checkTerms({ name: 'x', tokens: 2 ** 53 }, AGENT, OWNER)).toThrow(/2\^53/);
    expect(() => checkTerms({ name: 'x', draws: 1, perDrawTokens: 0 }, AGENT, OWNER)).toThrow(/from 1/);
    expect(() => checkTerms({ name: 'x', draws: 1, notBefore: now, notAfter: now }, AGENT, OWNER)).toThrow(/before notAfter/);
    expect(checkTerms({ name: ' ok ', tokens: 0 }, AGENT, OWNER)).toMatchObject({ name: 'ok', tokens: 0, minorUnits: null });
  });

  test('refuses instants outside years 1 to 9999, which PostgreSQL would refuse mid-statement', () => {
    expect(() => checkTerms({ name: 'x', tokens: 1, notBefore: '-010000-01-01T00:00:00Z' }, AGENT, OWNER)).toThrow(/year 1 to 9999/);
    expect(() => checkTerms({ name: 'x', tokens: 1, notAfter: '+275760-09-13T00:00:00Z' }, AGENT, OWNER)).toThrow(/year 1 to 9999/);
    expect(checkTerms({ name: 'x', tokens: 1, notAfter: '9999-12-31T23:59:59Z' }, AGENT, OWNER).notAfter?.toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  test("reads a grant request's dates as strictly as the DateTime scalar: no roll-over, no bare years, no local time", () => {
    for (const notAfter of ['2027-02-30T00:00:00Z', '1', '2026-12-01T00:00', 'Thu, 01 Jan 2032 00:00:00 GMT+1400', '2026-13-01T00:00:00Z']) {
      expect(() => checkTerms({ name: 'x', tokens: 1, notAfter }, AGENT, OWNER), notAfter).toThrow(/ISO 8601 instant with an offset/);
    }
    expect(checkTerms({ name: 'x', tokens: 1, notAfter: '2027-02-28T23:00:00+01:00' }, AGENT, OWNER).notAfter?.toISOString()).toBe('2027-02-28T22:00:00.000Z');
  });

  test('refuses a currency that is not a string without stringifying it', () => {
    let deep: unknown = 'EUR';
    for (let level = 0; level < 20_000; level++) deep = [deep];
    expect(() => checkTerms({ name: 'x', minorUnits: 5, currency: deep as string }, AGENT, OWNER)).toThrow(/ISO 4217/);
  });

  test('gives identical terms identical canonical text, and different ones different text', () => {
    const a = checkTerms({ name: 'x', tokens: 5, notAfter: '2027-01-01T00:00:00Z' }, AGENT, OWNER);
    const b = checkTerms({ notAfter: new Date('2027-01-01T00:00:00.000Z'), tokens: 5, name: 'x' }, AGENT, OWNER);
    expect(canonicalTerms(a)).toBe(canonicalTerms(b));
    expect(canonicalTerms(checkTerms({ name: 'x', tokens: 6 }, AGENT, OWNER))).not.toBe(canonicalTerms(a));
  });
});

describe('decideDraw', () => {
  const terms = checkTerms(
    { name: 'x', tokens: 10, draws: 3, perDrawTokens: 6, notBefore: '2026-11-30T11:00:00Z', notAfter: '2026-11-30T13:00:00Z' },
    AGENT,
    OWNER,
  );

  test('allows a draw exactly at the ceiling and refuses one unit more', () => {
    expect(decideDraw(terms, balance({ remainingTokens: 5n, remainingDraws: 1n }), { tokens: 5, minorUnits: 0 })).toEqual({ kind: 'allowed' });
    expect(decideDraw(terms, balance({ remainingTokens: 5n, remainingDraws: 1n }), { tokens: 6, minorUnits: 0 })).toEqual({ kind: 'exhausted' });
    expect(decideDraw(terms, balance({ remainingTokens: 5n, remainingDraws: 0n }), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'exhausted' });
  });

  test('holds the validity window as [notBefore, notAfter)', () => {
    const at = (iso: string) => balance({ now: new Date(iso) });
    expect(decideDraw(terms, at('2026-11-30T10:59:59.999Z'), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'not-yet-valid' });
    expect(decideDraw(terms, at('2026-11-30T11:00:00.000Z'), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'allowed' });
    expect(decideDraw(terms, at('2026-11-30T12:59:59.999Z'), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'allowed' });
    expect(decideDraw(terms, at('2026-11-30T13:00:00.000Z'), { tokens: 1, minorUnits: 0 })).toEqual({ kind: 'expired' });
  });

  test('enforces the per-draw cap at its edge', () => {
    expect(decideDraw(terms, balance(), { tokens: 6, minorUnits: 0 })).toEqual({ kind: 'allowed' });
    expect(decideDraw(terms, balance(), { tokens: 7, minorUnits: 0 })).toMatchObject({ kind: 'per-draw-cap' });
  });

  test('refuses a draw that would take an uncapped total past 2^53 − 1, and allows one that reaches it exactly', () => {
    const drawsOnly = checkTerms({ name: 'x', draws: 10 }, AGENT, OWNER);
    const open = balance({ remainingTokens: null, remainingDraws: 9n, drawnTokens: BigInt(MAX), draws: 1n });
    expect(decideDraw(drawsOnly, open, { tokens: 1, minorUnits: 0 })).toMatchObject({
      kind: 'total-out-of-range',
      message: stringMatching(/tokens drawn .* past 2\^53 − 1/),
    });
    expect(decideDraw(drawsOnly, balance({ remainingTokens: null, drawnTokens: BigInt(MAX - 5) }), { tokens: 5, minorUnits: 0 })).toEqual({ kind: 'allowed' });
    const money = checkTerms({ name: 'x', draws: 10, minorUnits: MAX, currency: 'EUR' }, AGENT, OWNER);
    expect(
      decideDraw(money, balance({ remainingTokens: null, remainingMinorUnits: 1n, drawnMinorUnits: BigInt(MAX - 1) }), { tokens: 0, minorUnits: 1 }),
    ).toEqual({ kind: 'allowed' });
    const tokensOnly = checkTerms({ name: 'x', tokens: 1 }, AGENT, OWNER);
    expect(decideDraw(tokensOnly, balance({ remainingTokens: 1n, draws: BigInt(MAX) }), { tokens: 1, minorUnits: 0 })).toMatchObject({
      kind: 'total-out-of-range',
      message: stringMatching(/number of draws/),
    });
  });

  test('reports revocation before anything else, with its reason', () => {
    expect(decideDraw(terms, balance({ revoked: true, revokeReason: 'lost laptop', remainingTokens: 0n }), { tokens: 100, minorUnits: 0 })).toEqual({
      kind: 'revoked',
      reason: 'lost laptop',
    });
  });
});
