import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { containsIllFormed, containsNul, ILL_FORMED_MESSAGE, LIMITS, NUL_MESSAGE, operationLimitsRule } from './limits.js';

// A schema of its own, so these run without the application's resolvers.
const schema = buildSchema('type Query { a: Query, b: String, s(text: String): String }');
const errorsOf = (source: string) => validate(schema, parse(source), [operationLimitsRule]);
const messagesOf = (source: string) => errorsOf(source).map((error) => error.message);

describe('text the limits rule refuses', () => {
  // GraphQL's own lexer already refuses an unpaired surrogate in a literal, so only NUL reaches the rule there.
  it('refuses NUL in a string literal, and names both refusals exactly', () => {
    expect(NUL_MESSAGE).toBe('Text may not contain NUL (\\u0000) characters.');
    expect(ILL_FORMED_MESSAGE).toBe('Text must be well-formed Unicode: an unpaired surrogate (\\uD800 to \\uDFFF) cannot be stored.');
    expect(messagesOf('{ s(text: "a\\u0000b") }')).toEqual([NUL_MESSAGE]);
    const [error] = errorsOf('{ s(text: "\\u0000") }');
    expect(error?.locations).toEqual([{ line: 1, column: 11 }]);
    expect(error?.extensions).toEqual({ code: 'BAD_INPUT' });
  });

  it('tells a lone surrogate, high or low, from a well-formed pair', () => {
    for (const lone of ['\uD800', 'a\uD800', '\uD800a', '\uDC00', 'a\uDC00', '\uDC00\uD800', 'x\uDBFFy']) {
      expect(containsIllFormed(lone)).toBe(true);
    }
    for (const fine of ['', 'plain', '\uD83D\uDE00', 'a\uD83D\uDE00b', '\uDBFF\uDFFF']) {
      expect(containsIllFormed(fine)).toBe(false);
    }
  });

  it('looks for NUL and unpaired surrogates through arrays, objects and their keys', () => {
    expect(containsNul('a\0')).toBe(true);
    expect(containsNul(['ok', ['deep\0']])).toBe(true);
    expect(containsNul({ outer: { inner: 'x\0' } })).toBe(true);
    expect(containsNul({ 'key\0': 'value' })).toBe(true);
    expect(containsNul({ list: ['fine', 1, null, true], n: 0 })).toBe(false);
    expect(containsNul(null)).toBe(false);
    expect(containsIllFormed(['ok', ['deep\uD800']])).toBe(true);
    expect(containsIllFormed({ outer: { inner: '\uDC00' } })).toBe(true);
    expect(containsIllFormed({ 'key\uD800': 'value' })).toBe(true);
    expect(containsIllFormed({ list: ['fine', 1, null, false], n: 0 })).toBe(false);
    expect(containsIllFormed(undefined)).toBe(false);
  });
});

describe('what the limits rule counts', () => {
  it('counts every nested field: a parent and its child are two', () => {
    const parents = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: a { b }`).join(' ')} }`;
    // 20 aliased parents with one child each: 40 fields, within every limit.
    expect(messagesOf(parents(LIMITS.maxAliases))).toEqual([]);
    const wide = (n: number) => `{ a { ${Array.from({ length: n }, () => 'a { b }').join(' ')} } }`;
    // One top field plus 199 parents with a child: exactly 399 fields, then 401.
    expect(messagesOf(wide(199))).toEqual([]);
    expect(messagesOf(wide(200))).toEqual([`The operation selects 401 fields; the limit is ${LIMITS.maxFields}.`]);
  });

  it('allows exactly the limit of fields', () => {
    expect(messagesOf(`{ ${'b '.repeat(LIMITS.maxFields)} }`)).toEqual([]);
    expect(messagesOf(`{ ${'b '.repeat(LIMITS.maxFields + 1)} }`)).toEqual([`The operation selects 401 fields; the limit is ${LIMITS.maxFields}.`]);
  });

  it('keeps counting past a selection that reaches a limit exactly', () => {
    // Depth exactly 10 first, then more fields than allowed: both are looked at.
    const deep = `a { ${'a { '.repeat(LIMITS.maxDepth - 2)}b${' }'.repeat(LIMITS.maxDepth - 2)} }`;
    expect(messagesOf(`{ ${deep} }`)).toEqual([]);
    expect(messagesOf(`{ ${deep} ${'b '.repeat(LIMITS.maxFields)} }`)).toEqual([expect.stringMatching(/^The operation selects \d+ fields/)]);
    // Exactly 20 aliases, then too many fields.
    const aliased = Array.from({ length: LIMITS.maxAliases }, (_, i) => `x${i}: b`).join(' ');
    expect(messagesOf(`{ ${aliased} ${'b '.repeat(LIMITS.maxFields)} }`)).toEqual([expect.stringMatching(/^The operation selects \d+ fields/)]);
    // Exactly 400 fields (20 of them aliased), then one more aliased field.
    expect(messagesOf(`{ ${'b '.repeat(LIMITS.maxFields - LIMITS.maxAliases)} ${aliased} y: b }`)).toEqual([
      'The operation uses 21 aliases; the limit is 20.',
      'The operation selects 401 fields; the limit is 400.',
    ]);
  });
});
