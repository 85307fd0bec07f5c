import { canonicalJson as clientCanonicalJson } from '@countersign/client';
import { canonicalJson, hashCanonical } from '@countersign/manifest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

/**
 * Keys from the whole of Unicode, so ordering is tried beyond ASCII: U+1F600
 * (a surrogate pair) sorts before U+FB33 by code unit, after it by code
 * point. Lone surrogates are refused (canonical-json.test.ts).
 */
const key = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', '0', '1', '10', '9', 'a', 'A', '__proto__', '\u{FFFF}', '\u{10000}', '\u{1F600}', '\uFB33', 'é', 'e\u0301'),
);

/** JSON values as a parser hands them over: objects, arrays, strings, finite numbers, booleans, null. */
const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, -0, 1, -1, Number.MAX_SAFE_INTEGER, 1e21, 1e-7, 5e-324, 1.7976931348623157e308),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}));

/** The same value with every object's keys inserted in another order. */
function reorderKeys(value: unknown, pick: (length: number) => number): unknown {
  if (Array.isArray(value)) return value.map((item) => reorderKeys(item, pick));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const reordered: [string, unknown][] = [];
  while (entries.length > 0) reordered.push(entries.splice(pick(entries.length), 1)[0]!);
  // defineProperty, not assignment: `__proto__` must stay an own key, as JSON.parse makes it.
  const copy = {};
  for (const [name, item] of reordered)
    Object.defineProperty(copy, name, { value: reorderKeys(item, pick), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Compares by UTF-16 code unit, written out rather than borrowed from Array#sort. */
function byCodeUnit(a: string, b: string): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.charCodeAt(i) - b.charCodeAt(i);
  }
  return a.length - b.length;
}

const runs = { numRuns: 300 };

describe('canonicalJson, for any JSON value', () => {
  test('gives the same text whatever order the keys were written in', () => {
    fc.assert(
      fc.property(jsonValue, fc.infiniteStream(fc.nat()), (value, choices) => {
        const picks = choices[Symbol.iterator]();
        const reordered = reorderKeys(value, (length) => picks.next().value! % length);
        expect(canonicalJson(reordered)).toBe(canonicalJson(value));
        expect(hashCanonical(canonicalJson(reordered))).toBe(hashCanonical(canonicalJson(value)));
      }),
      runs,
    );
  });

  test('parses back to what JSON itself carries of the value', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(JSON.parse(canonicalJson(value))).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
      runs,
    );
  });

  test('is a fixed point: the canonical text of the canonical text is itself', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const canonical = canonicalJson(value);
        expect(canonicalJson(JSON.parse(canonical))).toBe(canonical);
      }),
      runs,
    );
  });

  test('adds and drops nothing: as long as JSON.stringify of the same value, which has no whitespace either', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(canonicalJson(value).length).toBe(JSON.stringify(value).length);
      }),
      runs,
    );
  });

  test("orders an object's keys by UTF-16 code unit, as RFC 8785 does", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 8 }), (keys) => {
        // fromEntries defines own keys (`__proto__` included), as JSON.parse does.
        const object = Object.fromEntries(keys.map((name, index) => [name, index]));
        const expected = `{${[...keys]
          .sort(byCodeUnit)
          .map((name) => `${JSON.stringify(name)}:${keys.indexOf(name)}`)
          .join(',')}}`;
        expect(canonicalJson(object)).toBe(expected);
      }),
      runs,
    );
  });

  test('hashes to 64 hex digits, the same every time, and differently for different texts', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (a, b) => {
        const [textA, textB] = [canonicalJson(a), canonicalJson(b)];
        expect(hashCanonical(textA)).toMatch(/^[0-9a-f]{64}$/);
        expect(hashCanonical(textA)).toBe(hashCanonical(canonicalJson(JSON.parse(textA))));
        expect(hashCanonical(textA) === hashCanonical(textB)).toBe(textA === textB);
      }),
      runs,
    );
  });

  test("agrees byte for byte with the agent client's canonical JSON, so digests computed on both sides match", () => {
    // One implementation for both: the client hands out the package's own function.
    expect(clientCanonicalJson).toBe(canonicalJson);
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(clientCanonicalJson(value)).toBe(canonicalJson(value));
      }),
      runs,
    );
  });
});
