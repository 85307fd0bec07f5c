import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextCache } from './text-cache.js';

describe('TextCache', () => {
  it('computes a text once while it is kept, and evicts the least recently used first', () => {
    const computed: string[] = [];
    const cache = new TextCache<number>(2, 100);
    const get = (text: string) => cache.get(text, (t) => (computed.push(t), t.length));
    expect([get('a'), get('bb'), get('a')]).toEqual([1, 2, 1]);
    // 'bb' is now the least recently used: a third text evicts it, not 'a'.
    get('ccc');
    get('a');
    get('bb');
    expect(computed).toEqual(['a', 'bb', 'ccc', 'bb']);
  });

  it('computes a text longer than its limit every time, and keeps none of it', () => {
    const cache = new TextCache<number>(10, 3);
    let computed = 0;
    for (let i = 0; i < 3; i++) cache.get('long text', () => ++computed);
    expect(computed).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('never holds more than its bound, and always answers what compute would', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 300 }), fc.integer({ min: 1, max: 20 }), (texts, bound) => {
        const cache = new TextCache<string>(bound, 8);
        for (const text of texts) {
          expect(cache.get(text, (t) => t.toUpperCase())).toBe(text.toUpperCase());
          expect(cache.size).toBeLessThanOrEqual(bound);
        }
      }),
      { numRuns: 300 },
    );
  });
});
