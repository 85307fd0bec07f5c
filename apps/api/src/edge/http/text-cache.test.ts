import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextCache } from './text-cache.js';

describe('TextCache', () => {
  it('computes a text once while it is kept, and evicts the least recently used first', () => {
    const computed: string[] = [];
    const cache = new TextCache<number>(3, 100);
    const get = (text: string) => cache.get(text, (t) => (computed.push(t), t.length));
    expect([get('a'), get('bb'), get('a')]).toEqual([1, 2, 1]);
    // 'bb' is now the least recently used: a text that overflows the budget evicts it, not 'a'.
    get('c');
    get('a');
    get('bb');
    expect(computed).toEqual(['a', 'bb', 'c', 'bb']);
  });

  it('computes a text longer than its limit every time, and keeps none of it', () => {
    const cache = new TextCache<number>(100, 3);
    let computed = 0;
    for (let i = 0; i < 3; i++) cache.get('long text', () => ++computed);
    expect(computed).toBe(3);
    expect(cache.size).toEqual({ entries: 0, chars: 0 });
  });

  it('never holds more text than its budget, and always answers what compute would', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 300 }), fc.integer({ min: 8, max: 60 }), (texts, budget) => {
        const cache = new TextCache<string>(budget, 8);
        for (const text of texts) {
          expect(cache.get(text, (t) => t.toUpperCase())).toBe(text.toUpperCase());
          expect(cache.size.chars).toBeLessThanOrEqual(budget);
        }
      }),
      { numRuns: 300 },
    );
  });
});
