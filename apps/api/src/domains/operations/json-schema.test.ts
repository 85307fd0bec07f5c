import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { branchingChain } from '../../../test/schema-kit.js';
import { compileInputSchema, compileNewInputSchema, MAX_SCHEMA_BYTES, validatorFor } from './json-schema.js';

/** The refusal `compileInputSchema` raised, checked to be BAD_INPUT. */
function refusal(schema: unknown): GraphQLError {
  try {
    compileInputSchema(schema);
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).extensions.code).toBe('BAD_INPUT');
    return error as GraphQLError;
  }
  throw new Error('the schema compiled');
}

const payment = {
  type: 'object',
  required: ['to', 'amount'],
  additionalProperties: false,
  properties: { to: { type: 'string' }, amount: { type: 'integer', maximum: 100000 } },
};

describe('compileInputSchema', () => {
  afterEach(() => vi.restoreAllMocks());

  test('compiles 2020-12 by default and validates', () => {
    const validator = compileInputSchema(payment);
    expect(validator.validate({ to: 'acme', amount: 100000 })).toBeNull();
    expect(validator.validate({ to: 'acme', amount: 100001 })).toBe('/amount: must be <= 100000');
  });

  test('compiles an explicit 2020-12 $schema', () => {
    const validator = compileInputSchema({ ...payment, $schema: 'https://json-schema.org/draft/2020-12/schema' });
    expect(validator.validate({ to: 'acme', amount: 5 })).toBeNull();
    expect(validator.validate({ amount: 5 })).toBe('/to: is required');
  });

  test('compiles draft-07 and validates with its own keywords', () => {
    // `items` as an array is draft-07's tuple form (2020-12 spells it prefixItems).
    const validator = compileInputSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], minItems: 2, additionalItems: false } },
    });
    expect(validator.validate({ pair: ['a', 1] })).toBeNull();
    expect(validator.validate({ pair: ['a', 'b'] })).toBe('/pair/1: must be integer');
  });

  test('the draft-07 tuple form is refused under 2020-12', () => {
    refusal({ type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }] } } });
  });

  test('names the pointer and rule of the first failure', () => {
    const validator = compileInputSchema(payment);
    expect(validator.validate({ to: 'acme' })).toBe('/amount: is required');
    expect(validator.validate({ to: 'acme', amount: 1, cc: 'boss' })).toBe('/cc: is not allowed');
    expect(validator.validate({ to: 7, amount: 1 })).toBe('/to: must be string');
  });

  test('names nested pointers', () => {
    const validator = compileInputSchema({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } } },
      },
    });
    expect(validator.validate({ items: [{ name: 'ab' }, { name: 'cd' }, { name: 'e' }] })).toBe('/items/2/name: must NOT have fewer than 2 characters');
    expect(validator.validate({ items: [{ name: 'ab' }, {}] })).toBe('/items/1/name: is required');
  });

  test('escapes property names in the pointer (RFC 6901)', () => {
    const validator = compileInputSchema({ type: 'object', required: ['a/b'], properties: { 'a/b': {}, 'c~d': { type: 'string' } } });
    expect(validator.validate({})).toBe('/a~1b: is required');
    expect(validator.validate({ 'a/b': 1, 'c~d': 2 })).toBe('/c~0d: must be string');
  });

  test('names a property unevaluatedProperties refuses', () => {
    const validator = compileInputSchema({ type: 'object', properties: { a: {} }, unevaluatedProperties: false });
    expect(validator.validate({ a: 1, extra: 2 })).toBe('/extra: is not allowed');
  });

  test('blames the combinator, not its first branch, when no branch fits', () => {
    const validator = compileInputSchema({ type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(validator.validate({ a: true })).toBe('/a: must match exactly one schema in oneOf');
    // strictRequired wants each branch to describe the property it requires.
    const either = compileInputSchema({
      type: 'object',
      anyOf: [
        { required: ['a'], properties: { a: {} } },
        { required: ['b'], properties: { b: {} } },
      ],
    });
    expect(either.validate({})).toBe('/: must match a schema in anyOf');
    expect(either.validate({ b: 1 })).toBeNull();
  });

  test('takes a nullable union type, as MCP tools write it', () => {
    const validator = compileInputSchema({ type: 'object', properties: { cc: { type: ['string', 'null'] } } });
    expect(validator.validate({ cc: null })).toBeNull();
    expect(validator.validate({ cc: 1 })).toBe('/cc: must be string,null');
  });

  test('resolves a 2020-12 $anchor', () => {
    const validator = compileInputSchema({ type: 'object', $defs: { s: { $anchor: 'text', type: 'string' } }, properties: { a: { $ref: '#text' } } });
    expect(validator.validate({ a: 1 })).toBe('/a: must be string');
  });

  test('a root that is not an object is named with /', () => {
    expect(compileInputSchema(payment).validate([1])).toBe('/: must be object');
  });

  test('checks formats', () => {
    const validator = compileInputSchema({ type: 'object', properties: { email: { type: 'string', format: 'email' } } });
    expect(validator.validate({ email: 'a@example.com' })).toBeNull();
    expect(validator.validate({ email: 'nope' })).toBe('/email: must match format "email"');
  });

  test('refuses a schema that is not a JSON object', () => {
    for (const schema of [null, 'object', 7, true, [{ type: 'object' }]]) expect(refusal(schema).message).toBe('An input schema is a JSON object.');
  });

  test('refuses a root that is not an object schema', () => {
    expect(refusal({ type: 'string' }).message).toMatch(/root must be an object schema/);
    expect(refusal({ properties: {} }).message).toMatch(/root must be an object schema/);
  });

  test(`refuses a schema over ${MAX_SCHEMA_BYTES} bytes, and takes one at the limit`, () => {
    expect(MAX_SCHEMA_BYTES).toBe(32 * 1024);
    const sized = (bytes: number) => {
      const base = { type: 'object', description: '' };
      return { ...base, description: 'x'.repeat(bytes - JSON.stringify(base).length) };
    };
    expect(JSON.stringify(sized(MAX_SCHEMA_BYTES)).length).toBe(MAX_SCHEMA_BYTES);
    expect(compileInputSchema(sized(MAX_SCHEMA_BYTES)).validate({})).toBeNull();
    expect(refusal(sized(MAX_SCHEMA_BYTES + 1)).message).toBe('An input schema is at most 32 KiB.');
  });

  test('counts bytes, not characters', () => {
    const base = { type: 'object', description: '' };
    // Each é is two bytes in UTF-8: half the limit in characters is over it in bytes.
    expect(refusal({ ...base, description: 'é'.repeat(MAX_SCHEMA_BYTES / 2) }).message).toMatch(/at most 32 KiB/);
  });

  test('refuses an unknown $schema', () => {
    expect(refusal({ ...payment, $schema: 'http://json-schema.org/draft-04/schema#' }).message).toMatch(/Unsupported "\$schema"/);
    expect(refusal({ ...payment, $schema: 42 }).message).toMatch(/Unsupported "\$schema" 42/);
  });

  test('refuses an unknown keyword (strict mode)', () => {
    expect(refusal({ type: 'object', properties: { n: { type: 'integer', minimun: 1 } } }).message).toMatch(/does not compile: .*minimun/);
  });

  test('refuses a required field the schema never describes (strict mode)', () => {
    expect(refusal({ type: 'object', required: ['ghost'] }).message).toMatch(/does not compile: .*ghost/);
  });

  test("refuses a schema its draft's meta-schema rejects, naming where", () => {
    expect(refusal({ type: 'object', properties: { n: { type: 'integr' } } }).message).toMatch(/does not compile: schema\/properties\/n\/type must be/);
  });

  test('refuses an unknown format', () => {
    expect(refusal({ type: 'object', properties: { n: { type: 'string', format: 'int33' } } }).message).toMatch(/does not compile/);
  });

  test.each([
    ['a backreference', '(a)\\1'],
    ['a lookahead', '(?=a)'],
    ['a lookbehind', '(?<=a)b'],
  ])('refuses %s: RE2 cannot run it', (_name, pattern) => {
    const message = refusal({ type: 'object', properties: { s: { type: 'string', pattern } } }).message;
    expect(message).toContain(`pattern ${JSON.stringify(pattern)} cannot run on the linear-time engine (RE2)`);
  });

  test('refuses a patternProperties key RE2 cannot run', () => {
    expect(refusal({ type: 'object', patternProperties: { '(?!x)': { type: 'string' } } }).message).toMatch(/RE2/);
  });

  test('refuses a remote $ref without fetching it', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const message = refusal({ type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } }).message;
    expect(message).toMatch(/does not compile/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('a local $ref resolves', () => {
    const validator = compileInputSchema({ type: 'object', $defs: { small: { type: 'integer', maximum: 3 } }, properties: { n: { $ref: '#/$defs/small' } } });
    expect(validator.validate({ n: 3 })).toBeNull();
    expect(validator.validate({ n: 4 })).toBe('/n: must be <= 3');
  });

  test('patterns run in linear time: the classic ReDoS pattern answers at once', () => {
    // On a backtracking engine this input takes exponential time in its length.
    const validator = compileInputSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    expect(validator.validate({ s: 'a'.repeat(50000) + '!' })).toBe('/s: must match pattern "^(a+)+$"');
    expect(validator.validate({ s: 'a'.repeat(50000) })).toBeNull();
  });

  test('compiling never runs a pattern on a backtracking engine', () => {
    // Strict mode's check that no property name matches a patternProperties key runs the key as a native RegExp;
    // with this name and pattern that check would take hours, so finishing at all shows it is off.
    const validator = compileInputSchema({
      type: 'object',
      properties: { ['a'.repeat(60) + '!']: { type: 'string' } },
      patternProperties: { '^(a+)+$': { type: 'integer' } },
    });
    expect(validator.validate({ ['a'.repeat(50000)]: 'x' })).toBe(`/${'a'.repeat(50000)}: must be integer`);
    expect(validator.validate({ ['a'.repeat(50000) + '!']: 'x' })).toBeNull();
  });

  test('two schemas with different patterns each keep their own', () => {
    const digits = compileInputSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^[0-9]+$' } } });
    const letters = compileInputSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+$' } } });
    expect(digits.validate({ s: '123' })).toBeNull();
    expect(digits.validate({ s: 'abc' })).not.toBeNull();
    expect(letters.validate({ s: 'abc' })).toBeNull();
    expect(letters.validate({ s: '123' })).not.toBeNull();
  });

  test('the same $id in two schemas compiles both, each with its own rules', () => {
    const a = compileInputSchema({ $id: 'https://example.com/in', type: 'object', properties: { n: { type: 'integer', maximum: 1 } } });
    const b = compileInputSchema({ $id: 'https://example.com/in', type: 'object', properties: { n: { type: 'integer', maximum: 9 } } });
    expect(a.validate({ n: 5 })).toBe('/n: must be <= 1');
    expect(b.validate({ n: 5 })).toBeNull();
  });
  test("one schema's $id is not visible to another's $ref", () => {
    const owner = compileInputSchema({
      type: 'object',
      $defs: { n: { $id: 'https://example.com/n', type: 'integer' } },
      properties: { n: { $ref: 'https://example.com/n' } },
    });
    expect(owner.validate({ n: 'x' })).toBe('/n: must be integer');
    expect(refusal({ type: 'object', properties: { n: { $ref: 'https://example.com/n' } } }).message).toMatch(
      /can't resolve reference https:\/\/example.com\/n/,
    );
  });
});

describe('formats', () => {
  test('byte is strict base64: a string with a newline and one valid line is refused', () => {
    const validator = compileInputSchema({ type: 'object', properties: { b: { type: 'string', format: 'byte' } } });
    expect(validator.validate({ b: 'aGVsbG8=' })).toBeNull();
    expect(validator.validate({ b: '' })).toBeNull();
    for (const b of ['aGVsbG8=\n!!! not base64', 'not base64\naGVsbG8=', 'aGVs\nbG8=', 'aGVsbG8', 'aGVsbG8=\n']) {
      expect(validator.validate({ b })).toBe('/b: must match format "byte"');
    }
  });

  test('uri is judged by the WHATWG URL parser, in time linear in the string', () => {
    const validator = compileInputSchema({ type: 'object', properties: { u: { type: 'string', format: 'uri' } } });
    expect(validator.validate({ u: 'https://example.com/a?b=c#d' })).toBeNull();
    expect(validator.validate({ u: 'urn:isbn:0451450523' })).toBeNull();
    expect(validator.validate({ u: '/relative/path' })).toBe('/u: must match format "uri"');
    expect(validator.validate({ u: 'http://exa mple.com' })).toBe('/u: must match format "uri"');
    // 60 KB of what made ajv-formats' url pattern backtrack for seconds.
    const started = performance.now();
    expect(validator.validate({ u: `http://a${'-a'.repeat(30_000)}.test/` })).toBeNull();
    expect(validator.validate({ u: `http://a${'-a'.repeat(30_000)} x` })).toBe('/u: must match format "uri"');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('compileNewInputSchema', () => {
  test('refuses what breaks a definition limit as BAD_INPUT; a stored schema breaking it still compiles and judges', () => {
    const exponential = branchingChain(24, 2);
    expect(() => compileNewInputSchema(exponential)).toThrow(/multiply to more than 1,000/);
    try {
      compileNewInputSchema({ type: 'object', properties: { s: { type: 'string', format: 'url' } } });
    } catch (error) {
      expect((error as GraphQLError).extensions.code).toBe('BAD_INPUT');
    }
    // What an owner stored before the limits keeps working: an integer goes straight down the first branches.
    expect(validatorFor(JSON.stringify(exponential)).validate({ x: 7 })).toBeNull();
    expect(compileInputSchema({ type: 'object', properties: { s: { type: 'string', format: 'url' } } }).validate({ s: 'https://example.com' })).toBeNull();
  });

  test('refuses what compileInputSchema refuses, with its message', () => {
    expect(() => compileNewInputSchema({ type: 'string' })).toThrow(/root must be an object schema/);
    expect(() => compileNewInputSchema({ type: 'object', description: 'x'.repeat(MAX_SCHEMA_BYTES) })).toThrow('An input schema is at most 32 KiB.');
  });
});

describe('validatorFor', () => {
  test('returns the same validator for the same text', () => {
    const text = JSON.stringify({ type: 'object', required: ['cached'], properties: { cached: {} } });
    const first = validatorFor(text);
    expect(validatorFor(text)).toBe(first);
    expect(first.validate({})).toBe('/cached: is required');
  });

  test('different texts get different validators', () => {
    const a = validatorFor(JSON.stringify({ type: 'object', required: ['a'], properties: { a: {} } }));
    const b = validatorFor(JSON.stringify({ type: 'object', required: ['b'], properties: { b: {} } }));
    expect(a).not.toBe(b);
    expect(b.validate({ a: 1 })).toBe('/b: is required');
  });

  test('keeps at most 500 validators, dropping the least recently asked', () => {
    const text = (i: number) => JSON.stringify({ type: 'object', properties: { n: { type: 'integer', maximum: i } } });
    const kept = validatorFor(text(-1));
    const dropped = validatorFor(text(-2));
    for (let i = 0; i < 499; i++) {
      validatorFor(text(i));
      if (i === 250) expect(validatorFor(text(-1))).toBe(kept);
    }
    expect(validatorFor(text(-1))).toBe(kept);
    const recompiled = validatorFor(text(-2));
    expect(recompiled).not.toBe(dropped);
    expect(recompiled.validate({ n: -1 })).toBe('/n: must be <= -2');
  });

  test('refuses what compileInputSchema refuses', () => {
    expect(() => validatorFor(JSON.stringify({ type: 'string' }))).toThrow(/root must be an object schema/);
  });
});
