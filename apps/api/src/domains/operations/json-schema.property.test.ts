import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileInputSchema } from './json-schema.js';

/** JSON values only: fast-check's doubles include NaN and the infinities, which JSON cannot carry. */
const jsonScalar = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.boolean(), fc.constant(null));

describe('compileInputSchema (properties)', () => {
  test('an integer maximum admits exactly the integers at or under it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger()), fc.record({ n: jsonScalar }, { requiredKeys: [] }), (limit, input) => {
        const validator = compileInputSchema({ type: 'object', required: ['n'], properties: { n: { type: 'integer', maximum: limit } } });
        const verdict = validator.validate(input);
        const { n } = input;
        expect(verdict === null).toBe(typeof n === 'number' && Number.isInteger(n) && n <= limit);
        if (verdict !== null) expect(verdict.startsWith('/n: ')).toBe(true);
        if (!('n' in input)) expect(verdict).toBe('/n: is required');
      }),
      { numRuns: 300 },
    );
  });

  test('every message names a JSON pointer', () => {
    const schema = {
      type: 'object',
      required: ['n', 's'],
      additionalProperties: false,
      properties: {
        n: { type: 'integer', minimum: -5, maximum: 5 },
        s: { type: 'string', pattern: '^[a-c]*$', maxLength: 4 },
        list: { type: 'array', items: { type: 'boolean' }, maxItems: 3 },
      },
    };
    const validator = compileInputSchema(schema);
    const input = fc.oneof(
      fc.dictionary(fc.constantFrom('n', 's', 'list', 'other'), fc.oneof(jsonScalar, fc.array(jsonScalar, { maxLength: 5 }))),
      jsonScalar,
      fc.array(jsonScalar, { maxLength: 3 }),
    );
    fc.assert(
      fc.property(input, (value) => {
        const verdict = validator.validate(value);
        if (verdict !== null) expect(verdict).toMatch(/^\/\S*: \S/);
      }),
      { numRuns: 500 },
    );
  });
});
