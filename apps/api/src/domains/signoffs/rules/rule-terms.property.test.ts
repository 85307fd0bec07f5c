import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ruleCovers, satisfies, type StoredConstraint } from './rule-terms.js';

const FIELDS = ['a', 'b', 'c', 'd'];
const field = fc.constantFrom(...FIELDS);
const leaf = fc.oneof(
  fc.integer({ min: -20, max: 20 }),
  fc.double({ noNaN: true, min: -50, max: 50 }),
  fc.constantFrom('', 'x', 'xy', 'xyz', 'y'),
  fc.boolean(),
);
const value = fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(fc.constantFrom('p', 'q'), leaf, { maxKeys: 2 }));

const constraint: fc.Arbitrary<StoredConstraint> = fc.oneof(
  fc.record({ field, equals: value }),
  fc.record({ field, oneOf: fc.array(value, { minLength: 1, maxLength: 4 }) }),
  fc.record({ field, atMost: fc.integer({ min: -20, max: 20 }) }),
  fc.record({ field, prefix: fc.constantFrom('x', 'xy', 'y') }),
);
const constraints = fc.uniqueArray(constraint, { selector: (one) => one.field, maxLength: 4 });
const input = fc.dictionary(fc.constantFrom(...FIELDS, 'e'), value, { maxKeys: 5 });

describe('ruleCovers', () => {
  test('covers an input exactly when every field is declared and every constraint holds of its present field', () => {
    fc.assert(
      fc.property(constraints, input, (rules, given) => {
        const expected =
          Object.keys(given).every((key) => FIELDS.includes(key)) && rules.every((one) => one.field in given && satisfies(one, given[one.field]));
        expect(ruleCovers({ fields: FIELDS, constraints: rules }, given)).toBe(expected);
      }),
    );
  });

  test('never covers more when a constraint is added', () => {
    fc.assert(
      fc.property(constraints, constraint, input, (rules, extra, given) => {
        if (rules.some((one) => one.field === extra.field)) return;
        if (ruleCovers({ fields: FIELDS, constraints: [...rules, extra] }, given)) {
          expect(ruleCovers({ fields: FIELDS, constraints: rules }, given)).toBe(true);
        }
      }),
    );
  });

  test('an input built from the constraints’ own values is covered: equals its value, oneOf any listed, atMost its limit, prefix itself', () => {
    fc.assert(
      fc.property(constraints, fc.nat(), (rules, pick) => {
        const given: Record<string, unknown> = {};
        for (const one of rules) {
          if ('equals' in one) given[one.field] = one.equals;
          else if ('oneOf' in one) given[one.field] = one.oneOf[pick % one.oneOf.length];
          else if ('atMost' in one) given[one.field] = one.atMost;
          else given[one.field] = `${one.prefix}tail`;
        }
        expect(ruleCovers({ fields: FIELDS, constraints: rules }, given)).toBe(true);
      }),
    );
  });

  test('atMost is monotonic: a value covered stays covered under any higher limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -100, max: 100 }), fc.nat(50), (amount, limit, raise) => {
        if (satisfies({ field: 'a', atMost: limit }, amount)) expect(satisfies({ field: 'a', atMost: limit + raise }, amount)).toBe(true);
      }),
    );
  });
});
