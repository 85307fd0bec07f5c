import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SecretBox } from './sealed.js';

const box = new SecretBox(Buffer.alloc(32, 7));

/** Text as callers hand it over: any unicode, including astral characters. Lone surrogates are not text UTF-8 can carry, so they are left out. */
const text = fc.string({ unit: 'grapheme', maxLength: 200 });
const purpose = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });

describe('SecretBox (properties)', () => {
  test('opens whatever it sealed, for the same purpose', () => {
    fc.assert(
      fc.property(text, purpose, (plain, why) => {
        expect(box.open(box.seal(plain, why), why)).toBe(plain);
      }),
      { numRuns: 500 },
    );
  });

  test('opens for no other purpose', () => {
    fc.assert(
      fc.property(text, purpose, purpose, (plain, why, other) => {
        fc.pre(why !== other);
        const sealed = box.seal(plain, why);
        expect(() => box.open(sealed, other)).toThrow();
      }),
      { numRuns: 300 },
    );
  });

  test('the sealed form never carries the plain text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 100 }), (plain) => {
        expect(box.seal(plain, 'p')).not.toContain(plain);
      }),
    );
  });
});
