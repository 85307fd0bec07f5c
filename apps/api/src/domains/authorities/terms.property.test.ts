import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideDraw, MAX_TOTAL, type AuthorityTerms, type DrawAmount, type LockedBalance } from './terms.js';

const MAX = Number.MAX_SAFE_INTEGER;
const NOW = new Date('2026-11-30T12:00:00Z');

/** Amounts from the small to the edge of the range, so caps are hit and totals can pass 2^53 − 1. */
const amount = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 4 },
  { arbitrary: fc.constantFrom(MAX, MAX - 1, 2 ** 52, 2 ** 52 + 1), weight: 2 },
  { arbitrary: fc.maxSafeNat(), weight: 1 },
);
const cap = (min = 0) =>
  fc.option(
    amount.filter((value) => value >= min),
    { nil: null },
  );

const termsArbitrary: fc.Arbitrary<AuthorityTerms> = fc
  .record({
    tokens: cap(),
    minorUnits: cap(),
    draws: cap(),
    perDrawTokens: cap(1),
    perDrawMinorUnits: cap(1),
  })
  .map((caps) => ({
    agentId: 'agent',
    ownerId: 'owner',
    name: 'x',
    ...caps,
    currency: caps.minorUnits === null ? null : 'EUR',
    notBefore: null,
    notAfter: null,
  }));

const drawArbitrary: fc.Arbitrary<DrawAmount> = fc.record({ tokens: amount, minorUnits: amount });

/** The balance after `accepted`, as the database keeps it: totals drawn, and what is left under each ceiling. */
function balanceAfter(terms: AuthorityTerms, accepted: DrawAmount[]): LockedBalance {
  const drawnTokens = accepted.reduce((sum, draw) => sum + BigInt(draw.tokens), 0n);
  const drawnMinorUnits = accepted.reduce((sum, draw) => sum + BigInt(draw.minorUnits), 0n);
  const draws = BigInt(accepted.length);
  const left = (ceiling: number | null, used: bigint) => (ceiling === null ? null : BigInt(ceiling) - used);
  return {
    drawnTokens,
    drawnMinorUnits,
    draws,
    remainingTokens: left(terms.tokens, drawnTokens),
    remainingMinorUnits: left(terms.minorUnits, drawnMinorUnits),
    remainingDraws: left(terms.draws, draws),
    revoked: false,
    revokeReason: null,
    now: NOW,
  };
}

/** The rule stated on the history itself rather than on the remaining counters decideDraw reads. */
function fits(terms: AuthorityTerms, accepted: DrawAmount[], draw: DrawAmount): boolean {
  const all = [...accepted, draw];
  const tokens = all.reduce((sum, d) => sum + BigInt(d.tokens), 0n);
  const minorUnits = all.reduce((sum, d) => sum + BigInt(d.minorUnits), 0n);
  const within = (ceiling: number | null, total: bigint) => ceiling === null || total <= BigInt(ceiling);
  return (
    (terms.perDrawTokens === null || draw.tokens <= terms.perDrawTokens) &&
    (terms.perDrawMinorUnits === null || draw.minorUnits <= terms.perDrawMinorUnits) &&
    within(terms.tokens, tokens) &&
    within(terms.minorUnits, minorUnits) &&
    within(terms.draws, BigInt(all.length)) &&
    tokens <= MAX_TOTAL &&
    minorUnits <= MAX_TOTAL &&
    BigInt(all.length) <= MAX_TOTAL
  );
}

/** The draws of `history` that fit, each judged after those before it. */
function acceptedOf(terms: AuthorityTerms, history: DrawAmount[]): DrawAmount[] {
  const accepted: DrawAmount[] = [];
  for (const draw of history) if (fits(terms, accepted, draw)) accepted.push(draw);
  return accepted;
}

describe('decideDraw, for any terms and any sequence of draws', () => {
  test('allows exactly the draws that fit: no cap is ever passed and no total leaves 2^53 − 1', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.array(drawArbitrary, { maxLength: 25 }), (terms, draws) => {
        const accepted: DrawAmount[] = [];
        for (const draw of draws) {
          const decision = decideDraw(terms, balanceAfter(terms, accepted), draw);
          expect(decision.kind === 'allowed').toBe(fits(terms, accepted, draw));
          if (decision.kind === 'allowed') accepted.push(draw);
        }
        const balance = balanceAfter(terms, accepted);
        for (const [ceiling, total] of [
          [terms.tokens, balance.drawnTokens],
          [terms.minorUnits, balance.drawnMinorUnits],
          [terms.draws, balance.draws],
        ] as const) {
          if (ceiling !== null) expect(total <= BigInt(ceiling)).toBe(true);
          expect(total <= MAX_TOTAL).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('is pure: a refused draw changes nothing, and the same question gets the same answer', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.array(drawArbitrary, { maxLength: 10 }), drawArbitrary, (terms, history, draw) => {
        const balance = balanceAfter(terms, acceptedOf(terms, history));
        const snapshot = { terms: structuredClone(terms), balance: structuredClone(balance), draw: { ...draw } };
        const decision = decideDraw(Object.freeze(terms), Object.freeze(balance), Object.freeze(draw));
        expect({ terms, balance, draw }).toEqual(snapshot);
        expect(decideDraw(terms, balance, draw)).toEqual(decision);
      }),
      { numRuns: 300 },
    );
  });

  test('never refuses a smaller draw where it allows a larger one', () => {
    fc.assert(
      fc.property(
        termsArbitrary,
        fc.array(drawArbitrary, { maxLength: 8 }),
        drawArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (terms, history, draw, share) => {
          const balance = balanceAfter(terms, acceptedOf(terms, history));
          const smaller = { tokens: Math.floor(draw.tokens * share), minorUnits: Math.floor(draw.minorUnits * share) };
          if (decideDraw(terms, balance, draw).kind === 'allowed') expect(decideDraw(terms, balance, smaller).kind).toBe('allowed');
        },
      ),
      { numRuns: 300 },
    );
  });

  test('refuses a revoked authority or one out of its window whatever the amount', () => {
    fc.assert(
      fc.property(termsArbitrary, drawArbitrary, fc.constantFrom('revoked', 'early', 'late'), (terms, draw, why) => {
        const balance = balanceAfter(terms, []);
        const window = why === 'early' ? { notBefore: new Date(NOW.getTime() + 1) } : why === 'late' ? { notAfter: NOW } : {};
        const decision = decideDraw({ ...terms, ...window }, { ...balance, revoked: why === 'revoked', revokeReason: why === 'revoked' ? 'r' : null }, draw);
        expect(decision.kind).toBe({ revoked: 'revoked', early: 'not-yet-valid', late: 'expired' }[why]);
      }),
      { numRuns: 200 },
    );
  });
});
