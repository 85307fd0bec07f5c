import { CanonicalJsonError, canonicalJson, hashCanonical } from '@countersign/manifest';
import { describe, expect, test } from 'vitest';

// @countersign/manifest has no test runner of its own; its rules are tested
// here, beside the API that stores and compares what they produce.

describe('canonicalJson', () => {
  test('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  test('gives inputs that mean the same thing the same hash, and different ones different hashes', () => {
    const a = canonicalJson(JSON.parse('{ "ttlHours": 1, "scopes": ["read"] }'));
    const b = canonicalJson(JSON.parse('{"scopes":["read"],"ttlHours":1}'));
    expect(a).toBe(b);
    expect(hashCanonical(a)).toBe(hashCanonical(b));
    expect(hashCanonical(canonicalJson({ scopes: ['write'], ttlHours: 1 }))).not.toBe(hashCanonical(a));
  });

  test('keeps array order, since order can mean something', () => {
    expect(canonicalJson(['write', 'read'])).not.toBe(canonicalJson(['read', 'write']));
  });

  test('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson(undefined)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(Number.NaN)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });

  test('refuses a lone surrogate in a string or a key at any depth, naming it, as I-JSON does', () => {
    const message = 'a string holds a lone surrogate (U+D800), which I-JSON and so RFC 8785 (JCS) refuse: text must be well-formed Unicode';
    expect(() => canonicalJson('\ud800')).toThrow(new CanonicalJsonError(message));
    expect(() => canonicalJson({ a: [{ b: 'x\ud800' }] })).toThrow(message);
    expect(() => canonicalJson({ '\ud800': 1 })).toThrow(message);
    expect(() => canonicalJson('\udc00x')).toThrow('(U+DC00)');
    expect(() => canonicalJson('\ude00\ud83d')).toThrow('(U+DE00)');
    expect(canonicalJson('\ud83d\ude00')).toBe('"\u{1F600}"');
  });
});

// RFC 8785 (JCS), the examples of its own text.
describe('canonicalJson, against the test vectors of RFC 8785', () => {
  test('serialises the example of section 3.2.2: literals, numbers and string escapes', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  test('sorts the keys of section 3.2.3 by UTF-16 code unit, the emoji (a surrogate pair) before U+FB33', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  // Appendix B: an IEEE 754 double (as hex) and its text. NaN and Infinity have none (refused above).
  test.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('writes the double %s as %s (appendix B)', (bits, text) => {
    const value = Buffer.from(bits, 'hex').readDoubleBE(0);
    expect(canonicalJson(value)).toBe(text);
    expect(canonicalJson([value])).toBe(`[${text}]`);
  });

  test('refuses the non-finite doubles of appendix B, which have no JSON form', () => {
    for (const bits of ['7fffffffffffffff', '7ff0000000000000'])
      expect(() => canonicalJson(Buffer.from(bits, 'hex').readDoubleBE(0))).toThrow(CanonicalJsonError);
  });
});
