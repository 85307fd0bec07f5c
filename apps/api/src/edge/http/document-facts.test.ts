import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../graphql/schema.js';
import { DocumentFactsCache, runsDrawOnly } from './document-facts.js';

const schema = buildSchema();

describe('document facts', () => {
  const cache = new DocumentFactsCache(schema);
  const drawOnly = (text: string, operationName?: string | null) => runsDrawOnly(cache.factsOf(text), operationName);

  it('takes a mutation of one drawAuthority field, named, anonymous or aliased, as draw-only', () => {
    expect(drawOnly('mutation($i: DrawAuthorityInput!) { drawAuthority(input: $i) { __typename } }')).toBe(true);
    expect(drawOnly('mutation Spend($i: DrawAuthorityInput!) { spent: drawAuthority(input: $i) { __typename } }', 'Spend')).toBe(true);
    expect(drawOnly('mutation Spend($i: DrawAuthorityInput!) { drawAuthority(input: $i) { __typename } }')).toBe(true);
  });

  it('takes anything more, or anything else, as not draw-only', () => {
    const cases = [
      // a second root field, even __typename
      'mutation($i: DrawAuthorityInput!) { drawAuthority(input: $i) { __typename } __typename }',
      'mutation($i: DrawAuthorityInput!) { a: drawAuthority(input: $i) { __typename } b: drawAuthority(input: $i) { __typename } }',
      // a fragment or a directive at the root, which could select more or skip it
      'mutation($i: DrawAuthorityInput!) { ...F } fragment F on Mutation { drawAuthority(input: $i) { __typename } }',
      'mutation($i: DrawAuthorityInput!, $s: Boolean!) { drawAuthority(input: $i) @skip(if: $s) { __typename } }',
      'mutation($i: DrawAuthorityInput!) @deprecated { drawAuthority(input: $i) { __typename } }',
      // another field, a query, a subscription
      'mutation { revokeAuthority(input: { authority: "a", reason: "r" }) { __typename } }',
      '{ viewer { __typename } }',
      'subscription { authorityEvents { __typename } }',
      // unparseable
      'mutation { drawAuthority(',
    ];
    for (const text of cases) expect(drawOnly(text), text).toBe(false);
  });

  it('chooses the operation as GraphQL does: the one named, or the only one', () => {
    const two = 'mutation D($i: DrawAuthorityInput!) { drawAuthority(input: $i) { __typename } } query V { viewer { __typename } }';
    expect(drawOnly(two, 'D')).toBe(true);
    expect(drawOnly(two, 'V')).toBe(false);
    expect(drawOnly(two)).toBe(false);
    expect(drawOnly(two, 'Nope')).toBe(false);
    expect(runsDrawOnly(cache.factsOf('mutation($i: DrawAuthorityInput!) { drawAuthority(input: $i) { __typename } }'), 42)).toBe(false);
  });

  it('keeps the limits verdict: a document over a limit carries its errors, a cached one the same', () => {
    const aliased = `{ ${Array.from({ length: 25 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const first = cache.factsOf(aliased)!;
    expect(first.limitErrors.length).toBeGreaterThan(0);
    expect(cache.factsOf(aliased)).toBe(first);
  });

  it('never holds more text than its budget, nor a document longer than its limit, whatever it is sent', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 60, maxLength: 80 })), { maxLength: 200 }), (texts) => {
        const small = new DocumentFactsCache(schema, 400, 50);
        for (const text of texts) small.factsOf(`{ __typename } # ${text}`);
        expect(small.size.chars).toBeLessThanOrEqual(400);
        const kept = new Set(texts.filter((text) => `{ __typename } # ${text}`.length <= 50));
        expect(small.size.entries).toBeLessThanOrEqual(kept.size);
      }),
      { numRuns: 200 },
    );
  });
});
