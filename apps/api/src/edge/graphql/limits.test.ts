import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LIMITS, operationLimitsRule } from './limits.js';
import { buildSchema } from './schema.js';
import { doublingFragments } from '../../../test/documents.js';

describe('the operation limits rule', () => {
  const schema = buildSchema();
  const limitsOf = (source: string) => validate(schema, parse(source), [operationLimitsRule]).map((error) => error.message);

  it('measures a fragment once however often it is spread, so doubling fragments cost linear work', () => {
    // Expanded, 150 levels would be 2^150 fields: only memoisation makes this return at all.
    expect(limitsOf(doublingFragments(150))).toEqual([expect.stringMatching(/^The operation selects \d.* fields; the limit is 400\.$/)]);
  });

  it('still counts a fragment at every spread', () => {
    // 2^8 = 256 fields under the limit, 2^9 = 512 over it.
    expect(limitsOf(doublingFragments(8))).toEqual([]);
    expect(limitsOf(doublingFragments(9))).toEqual(['The operation selects 512 fields; the limit is 400.']);
  });

  it('counts depth and aliases through fragments and inline fragments', () => {
    const source = `query { ...A } fragment A on Query { a1: viewer { ... on Agent { owner { ...B } } } } fragment B on Owner { a2: tenant { id } }`;
    expect(limitsOf(source)).toEqual([]);
    const deep = `query { ...A } fragment A on Query { viewer { ... on Agent { owner { tenant { id } ${'... on Tenant { id } '.repeat(3)} } } } }`;
    expect(limitsOf(deep)).toEqual([]);
    const aliased = `query { ...A ...A } fragment A on Query { ${Array.from({ length: LIMITS.maxAliases / 2 + 1 }, (_, i) => `x${i}: __typename`).join(' ')} }`;
    expect(limitsOf(aliased)).toEqual([`The operation uses ${LIMITS.maxAliases + 2} aliases; the limit is ${LIMITS.maxAliases}.`]);
  });

  it('gives a fragment cycle no cost and leaves its report to graphql', () => {
    expect(limitsOf('query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }')).toEqual([]);
  });
});
