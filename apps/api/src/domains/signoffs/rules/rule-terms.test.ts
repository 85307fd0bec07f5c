import { describe, expect, test } from 'vitest';
import { checkConstraints, ruleCovers, satisfies, schemaFields, type StoredConstraint } from './rule-terms.js';

const FIELDS = ['amount', 'scopes', 'to'];

function refusal(run: () => unknown): { code: unknown; message: string } {
  try {
    run();
  } catch (error) {
    const { extensions, message } = error as { extensions?: { code?: unknown }; message: string };
    return { code: extensions?.code, message };
  }
  throw new Error('expected a refusal');
}

describe('rule constraints', () => {
  test('each kind matches what it says and nothing else', () => {
    const equals: StoredConstraint = { field: 'scopes', equals: { b: 1, a: [1, 2] } };
    expect(satisfies(equals, { a: [1, 2], b: 1 })).toBe(true);
    expect(satisfies(equals, { a: [2, 1], b: 1 })).toBe(false);
    expect(satisfies({ field: 'to', oneOf: ['x', 2] }, 2)).toBe(true);
    expect(satisfies({ field: 'to', oneOf: ['x', 2] }, '2')).toBe(false);
    expect(satisfies({ field: 'amount', atMost: 10 }, 10)).toBe(true);
    expect(satisfies({ field: 'amount', atMost: 10 }, 10.5)).toBe(false);
    expect(satisfies({ field: 'amount', atMost: 10 }, '5')).toBe(false);
    expect(satisfies({ field: 'to', prefix: 'ops@' }, 'ops@acme.test')).toBe(true);
    expect(satisfies({ field: 'to', prefix: 'ops@' }, 'xops@acme.test')).toBe(false);
    expect(satisfies({ field: 'to', prefix: 'ops@' }, ['ops@'])).toBe(false);
  });

  test('covers only an object whose fields the operation declared and whose constrained fields are present and fit', () => {
    const scope = { fields: FIELDS, constraints: [{ field: 'amount', atMost: 5 }] };
    expect(ruleCovers(scope, { amount: 5, to: 'anything' })).toBe(true);
    expect(ruleCovers(scope, { amount: 6 })).toBe(false);
    expect(ruleCovers(scope, { to: 'x' })).toBe(false);
    expect(ruleCovers(scope, { amount: 1, colour: 'red' })).toBe(false);
    expect(ruleCovers(scope, [5])).toBe(false);
    expect(ruleCovers(scope, null)).toBe(false);
    expect(ruleCovers({ fields: [], constraints: [] }, {})).toBe(true);
  });

  test('are checked when a rule is made: a known field, once, with exactly one well-formed kind', () => {
    expect(checkConstraints([{ field: 'scopes', equals: { b: 2, a: 1 } }], FIELDS)).toEqual([{ field: 'scopes', equals: { a: 1, b: 2 } }]);
    expect(refusal(() => checkConstraints([{ field: 'colour', equals: 1 }], FIELDS))).toEqual({
      code: 'BAD_INPUT',
      message: '"colour" is not a field of this operation\'s input; its fields are amount, scopes, to.',
    });
    expect(refusal(() => checkConstraints([{ field: 'x', equals: 1 }], [])).message).toMatch(/has no fields/);
    for (const bad of [
      [{ field: 'to' }],
      [{ field: 'to', equals: 1, prefix: 'a' }],
      [{ field: 'to', oneOf: [] }],
      [{ field: 'to', oneOf: Array.from({ length: 51 }, (_, index) => index) }],
      [{ field: 'amount', atMost: Number.POSITIVE_INFINITY }],
      [{ field: 'to', prefix: '' }],
      [{ field: 'to', prefix: 'a'.repeat(501) }],
      [
        { field: 'to', prefix: 'a' },
        { field: 'to', prefix: 'b' },
      ],
    ]) {
      expect(refusal(() => checkConstraints(bad, FIELDS)).code, JSON.stringify(bad)).toBe('BAD_INPUT');
    }
  });

  test('keep each kind’s value as given, at the bounds of what is allowed, and name each refusal', () => {
    const ok = (input: Parameters<typeof checkConstraints>[0][number]) => checkConstraints([input], FIELDS);
    const fifty = Array.from({ length: 50 }, (_, index) => index);
    expect(ok({ field: 'to', oneOf: [{ b: 1, a: 2 }] })).toEqual([{ field: 'to', oneOf: [{ a: 2, b: 1 }] }]);
    expect(ok({ field: 'to', oneOf: fifty })).toEqual([{ field: 'to', oneOf: fifty }]);
    expect(ok({ field: 'amount', atMost: -3.5 })).toEqual([{ field: 'amount', atMost: -3.5 }]);
    expect(ok({ field: 'to', prefix: 'o' })).toEqual([{ field: 'to', prefix: 'o' }]);
    expect(ok({ field: 'to', prefix: 'a'.repeat(500) })).toEqual([{ field: 'to', prefix: 'a'.repeat(500) }]);
    // A kind sent as null is not set: the other one counts.
    expect(ok({ field: 'to', equals: null, prefix: 'x', oneOf: null, atMost: null })).toEqual([{ field: 'to', prefix: 'x' }]);
    expect(refusal(() => ok({ field: 'to', equals: 1, oneOf: [1] }))).toEqual({
      code: 'BAD_INPUT',
      message: 'The constraint on "to" must set exactly one of equals, oneOf, atMost, prefix.',
    });
    expect(refusal(() => ok({ field: 'to', oneOf: [...fifty, 50] })).message).toBe('"oneOf" on "to" lists 1 to 50 values.');
    expect(refusal(() => ok({ field: 'amount', atMost: Number.NaN })).message).toBe('"atMost" on "amount" must be a finite number.');
    expect(refusal(() => ok({ field: 'to', prefix: '' })).message).toBe('"prefix" on "to" is 1 to 500 characters.');
    expect(
      refusal(() =>
        checkConstraints(
          [
            { field: 'to', prefix: 'a' },
            { field: 'to', equals: 'b' },
          ],
          FIELDS,
        ),
      ).message,
    ).toBe('"to" is constrained twice: give each field one constraint.');
  });

  test('hold at most 16 KiB of values together: a large equals or oneOf is refused, naming the bound', () => {
    const sized = (chars: number) => checkConstraints([{ field: 'to', equals: 'x'.repeat(chars) }], FIELDS);
    // {"field":"to","equals":"…"} wrapped in [ ]: 28 characters around the value.
    expect(sized(16 * 1024 - 28)).toHaveLength(1);
    expect(refusal(() => sized(16 * 1024 - 27))).toEqual({ code: 'BAD_INPUT', message: "A rule's constraints hold at most 16 KiB of values." });
    const wide = Array.from({ length: 50 }, (_, index) => `${index}`.padEnd(400, '.'));
    expect(refusal(() => checkConstraints([{ field: 'to', oneOf: wide }], FIELDS)).code).toBe('BAD_INPUT');
  });

  test('cover no input that is not an object, even with no constraint at all', () => {
    for (const input of ['', 'ab', 5, true, null, [], [1]]) expect(ruleCovers({ fields: ['0', '1'], constraints: [] }, input)).toBe(false);
    expect(satisfies({ field: 'a', atMost: 5 }, null)).toBe(false);
  });

  test('a schema’s fields are its properties, sorted; a schema without them has none', () => {
    expect(schemaFields({ type: 'object', properties: null })).toEqual([]);
    expect(schemaFields({ type: 'object', properties: ['a'] })).toEqual([]);
    expect(schemaFields({ type: 'object', properties: { b: {}, a: {} } })).toEqual(['a', 'b']);
    expect(schemaFields({ type: 'object' })).toEqual([]);
    expect(schemaFields(null)).toEqual([]);
  });
});
