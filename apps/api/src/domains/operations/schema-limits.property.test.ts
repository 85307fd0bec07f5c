import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compileInputSchema, isStrictBase64 } from './json-schema.js';
import { checkSchemaLimits, MAX_BRANCH_PRODUCT, MAX_SCHEMA_NESTING } from './schema-limits.js';
import { branchingChain } from '../../../test/schema-kit.js';

const keeps = (schema: Record<string, unknown>) => {
  try {
    checkSchemaLimits(schema);
    return true;
  } catch {
    return false;
  }
};

describe('checkSchemaLimits (properties)', () => {
  test('a chain of anyOf through $ref is refused exactly when its widths multiply past 1,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), (depth, width) => {
        expect(keeps(branchingChain(depth, width))).toBe(width ** depth <= MAX_BRANCH_PRODUCT);
      }),
      { numRuns: 200 },
    );
  });

  test('a schema is refused exactly when it nests deeper than 32, whichever keywords nest it', () => {
    const wrap = fc.constantFrom<(inner: unknown) => Record<string, unknown>>(
      (inner) => ({ type: 'object', properties: { a: inner } }),
      (inner) => ({ items: inner }),
      (inner) => ({ anyOf: [inner] }),
      (inner) => ({ additionalProperties: inner }),
      (inner) => ({ if: inner }),
    );
    fc.assert(
      fc.property(fc.array(wrap, { minLength: 0, maxLength: 40 }), (wraps) => {
        let schema: Record<string, unknown> = { type: 'string' };
        for (const next of wraps) schema = next(schema);
        expect(keeps({ type: 'object', properties: { root: schema } })).toBe(wraps.length + 2 <= MAX_SCHEMA_NESTING);
      }),
      { numRuns: 300 },
    );
  });

  test('strict base64: every encoding passes, and no string with a line break or other whitespace does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.constantFrom('\n', '\r\n', ' ', '\t'), (bytes, at, space) => {
        const encoded = Buffer.from(bytes).toString('base64');
        expect(isStrictBase64(encoded)).toBe(true);
        const cut = at % (encoded.length + 1);
        expect(isStrictBase64(encoded.slice(0, cut) + space + encoded.slice(cut))).toBe(false);
        expect(isStrictBase64(`${encoded}\n!!`)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('format uri admits exactly what the WHATWG URL parser reads as an absolute URL', () => {
    const validator = compileInputSchema({ type: 'object', properties: { u: { type: 'string', format: 'uri' } } });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.string(),
          fc.constantFrom('a:b', 'http://', 'mailto:x@y.test', '//no-scheme'),
        ),
        (text) => {
          expect(validator.validate({ u: text }) === null).toBe(URL.canParse(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
