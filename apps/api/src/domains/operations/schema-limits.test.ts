import { describe, expect, test } from 'vitest';
import { branchingChain } from '../../../test/schema-kit.js';
import { ALLOWED_FORMATS, checkSchemaLimits, MAX_BRANCH_PRODUCT, MAX_SCHEMA_NESTING } from './schema-limits.js';

/** The message of the limit `schema` breaks, or null when it keeps them all. */
function broken(schema: Record<string, unknown>): string | null {
  try {
    checkSchemaLimits(schema);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A schema nested `depth` levels deep, the root counting as 1. */
function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 1; i < depth; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('checkSchemaLimits', () => {
  test('states the limits of the issue', () => {
    expect([MAX_SCHEMA_NESTING, MAX_BRANCH_PRODUCT]).toEqual([32, 1_000]);
    expect(ALLOWED_FORMATS).toEqual(['date', 'time', 'date-time', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uuid', 'byte']);
  });

  test('refuses the exponential schema: nested anyOf through $ref, 2 ** 24 ways down in under 2 KB', () => {
    const schema = branchingChain(24, 2);
    expect(JSON.stringify(schema).length).toBeLessThan(2048);
    expect(broken(schema)).toMatch(
      /^The input schema's anyOf\/oneOf\/allOf widths multiply to more than 1,000 along one path \(from \/\$defs\/d\d+, \$refs expanded\)/,
    );
  });

  test('takes a product of exactly 1,000 and refuses one more level', () => {
    expect(broken(branchingChain(3, 10))).toBeNull();
    expect(broken(branchingChain(1, 1000))).toBeNull();
    expect(broken(branchingChain(1, 1001))).toMatch(/multiply to more than 1,000/);
    expect(broken({ ...branchingChain(3, 10), allOf: [{ $ref: '#/$defs/d0' }, { type: 'object' }] })).toMatch(
      /multiply to more than 1,000 along one path \(from \/,/,
    );
  });

  test('multiplies oneOf and allOf as anyOf, and inline branches as referenced ones', () => {
    const inline = (keyword: string, depth: number): Record<string, unknown> =>
      depth === 0 ? { type: 'string' } : { [keyword]: [inline(keyword, depth - 1), inline(keyword, depth - 1)] };
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      expect(broken({ type: 'object', properties: { x: inline(keyword, 9) } })).toBeNull();
      expect(broken({ type: 'object', properties: { x: inline(keyword, 10) } })).toMatch(/multiply to more than 1,000/);
    }
  });

  test('adds, not multiplies, branches side by side', () => {
    const wide = { anyOf: Array.from({ length: 500 }, (_, i) => ({ const: i })) };
    expect(broken({ type: 'object', properties: { a: wide, b: wide, c: wide } })).toBeNull();
  });

  test(`takes nesting of ${MAX_SCHEMA_NESTING} levels and refuses ${MAX_SCHEMA_NESTING + 1}`, () => {
    expect(broken(nested(32))).toBeNull();
    expect(broken(nested(33))).toMatch(/^The input schema nests deeper than 32 levels \(at \/properties\/a\/.*\); a new schema nests at most 32\.$/);
    // Through items, prefixItems, $defs and the one-subschema keywords alike.
    let mixed: Record<string, unknown> = { type: 'string' };
    const wraps = [(s: unknown) => ({ items: s }), (s: unknown) => ({ not: s }), (s: unknown) => ({ $defs: { d: s } }), (s: unknown) => ({ prefixItems: [s] })];
    for (let i = 1; i < 33; i++) mixed = wraps[i % wraps.length]!(mixed);
    expect(broken({ type: 'object', properties: { m: mixed } })).toMatch(/nests deeper than 32/);
  });

  test.each([
    ['a schema referring to itself', { type: 'object', properties: { a: { $ref: '#' } } }],
    [
      'two definitions referring to each other',
      { type: 'object', $defs: { a: { $ref: '#/$defs/b' }, b: { items: { $ref: '#/$defs/a' } } }, properties: { x: { $ref: '#/$defs/a' } } },
    ],
    [
      'a tree through properties',
      {
        type: 'object',
        $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
        properties: { root: { $ref: '#/$defs/node' } },
      },
    ],
    [
      'a cycle through an $anchor',
      { type: 'object', $defs: { a: { $anchor: 'here', properties: { b: { $ref: '#here' } } } }, properties: { x: { $ref: '#here' } } },
    ],
    ['a cycle through an $id', { type: 'object', $defs: { a: { $id: 'https://example.com/a', properties: { b: { $ref: 'a' } } } } }],
    ['a cycle through $dynamicRef', { type: 'object', $dynamicAnchor: 'me', properties: { b: { $dynamicRef: '#me' } } }],
  ])('refuses a $ref cycle: %s', (_name, schema) => {
    expect(broken(schema)).toMatch(/^The input schema refers to itself: following its \$refs from \S+ leads back there; a new schema has no \$ref cycle\.$/);
  });

  test('takes a $ref to a definition used many times, and a reference it cannot resolve (compiling refuses that)', () => {
    expect(broken({ type: 'object', $defs: { s: { type: 'string' } }, properties: { a: { $ref: '#/$defs/s' }, b: { $ref: '#/$defs/s' } } })).toBeNull();
    expect(broken({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toBeNull();
  });

  test('takes every allowed format and refuses any other, naming where', () => {
    for (const format of ALLOWED_FORMATS) expect(broken({ type: 'object', properties: { s: { type: 'string', format } } })).toBeNull();
    for (const format of ['url', 'regex', 'uri-reference', 'iri', 'json-pointer', 'duration']) {
      expect(broken({ type: 'object', properties: { s: { type: 'string', format } } })).toBe(
        `The input schema's format "${format}" (at /properties/s/format) is not one a new schema may use: date, time, date-time, email, hostname, ipv4, ipv6, uri, uuid, byte.`,
      );
    }
  });

  test('reads "format" as a property name where it is one', () => {
    expect(broken({ type: 'object', properties: { format: { type: 'string' } }, required: ['format'] })).toBeNull();
  });
});
