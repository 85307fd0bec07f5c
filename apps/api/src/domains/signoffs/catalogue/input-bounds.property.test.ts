import { canonicalJson } from '@countersign/manifest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkInputBounds, MAX_INPUT_ARRAY_ITEMS, MAX_INPUT_BYTES } from './input-bounds.js';

const refusal = (input: unknown): string | null => {
  try {
    checkInputBounds(canonicalJson(input), input);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('checkInputBounds (properties)', () => {
  test('states the bounds', () => {
    expect([MAX_INPUT_BYTES, MAX_INPUT_ARRAY_ITEMS]).toEqual([32 * 1024, 1_000]);
  });

  test('an array anywhere in an input is refused exactly when it holds more than 1,000 items, and named by its pointer', () => {
    const step = fc.oneof(
      fc.string({ maxLength: 4 }).map((key) => ({ key })),
      fc.nat({ max: 3 }).map((index) => ({ index })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 4 }), fc.integer({ min: MAX_INPUT_ARRAY_ITEMS - 2, max: MAX_INPUT_ARRAY_ITEMS + 2 }), (path, length) => {
        let value: unknown = Array.from({ length }, () => 0);
        let pointer = '';
        for (const at of [...path].reverse()) {
          if ('key' in at) {
            value = { [at.key]: value };
            pointer = `/${at.key.replace(/~/g, '~0').replace(/\//g, '~1')}${pointer}`;
          } else {
            value = [...Array.from({ length: at.index }, () => null), value];
            pointer = `/${at.index}${pointer}`;
          }
        }
        const input = { wrapped: value };
        const expected = length > MAX_INPUT_ARRAY_ITEMS ? `An array in an input holds at most 1,000 items (/wrapped${pointer} holds more).` : null;
        expect(refusal(input)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('an input is refused for its size exactly when its canonical JSON is over 32 KiB', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_INPUT_BYTES - 40, max: MAX_INPUT_BYTES + 40 }), fc.constantFrom('a', 'é'), (bytes, letter) => {
        const overhead = Buffer.byteLength(canonicalJson({ s: '' }));
        const text = letter.repeat(Math.max(0, Math.floor((bytes - overhead) / Buffer.byteLength(letter))));
        const input = { s: text };
        const size = Buffer.byteLength(canonicalJson(input));
        expect(refusal(input)).toBe(size > MAX_INPUT_BYTES ? 'An input is at most 32 KiB (as canonical JSON).' : null);
      }),
      { numRuns: 200 },
    );
  });
});
