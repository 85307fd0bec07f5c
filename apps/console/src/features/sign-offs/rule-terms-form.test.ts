import { describe, expect, it } from 'vitest';
import { constraintOf, describeConstraint, endAfter, fieldChoices, offersRemember, prefill, termsOf, type FieldChoice } from './rule-terms-form';

const NOW = new Date('2026-12-01T10:00:00Z');

describe('the “Approve and allow similar” choices', () => {
  it('offer one row per top-level field, sorted, starting at “exactly this”, with the kinds the value allows', () => {
    expect(fieldChoices({ to: 'ops@acme.test', amount: 40, scopes: ['read'], flag: true })).toEqual([
      { field: 'amount', value: 40, kinds: ['any', 'equals', 'oneOf', 'atMost'], kind: 'equals', text: '' },
      { field: 'flag', value: true, kinds: ['any', 'equals'], kind: 'equals', text: '' },
      { field: 'scopes', value: ['read'], kinds: ['any', 'equals'], kind: 'equals', text: '' },
      { field: 'to', value: 'ops@acme.test', kinds: ['any', 'equals', 'oneOf', 'prefix'], kind: 'equals', text: '' },
    ]);
    expect(fieldChoices([1, 2])).toEqual([]);
    expect(fieldChoices(null)).toEqual([]);
  });

  it('prefill a chosen kind with the request’s own value', () => {
    expect(prefill('atMost', 40)).toBe('40');
    expect(prefill('prefix', 'ops@acme.test')).toBe('ops@acme.test');
    expect(prefill('equals', 'x')).toBe('');
  });

  it('turn each row into the API’s constraint, keeping a number field’s list numeric, or name the problem', () => {
    const row = (over: Partial<FieldChoice>): FieldChoice => ({ field: 'f', value: 'v', kinds: [], kind: 'equals', text: '', ...over });
    expect(constraintOf(row({ kind: 'any' }))).toBeNull();
    expect(constraintOf(row({ kind: 'equals', value: ['read'] }))).toEqual({ field: 'f', equals: ['read'] });
    expect(constraintOf(row({ kind: 'atMost', text: ' 12.5 ' }))).toEqual({ field: 'f', atMost: 12.5 });
    expect(constraintOf(row({ kind: 'atMost', text: 'lots' }))).toEqual({ problem: '“f”: “at most” needs a number.' });
    expect(constraintOf(row({ kind: 'prefix', text: 'ops@' }))).toEqual({ field: 'f', prefix: 'ops@' });
    expect(constraintOf(row({ kind: 'prefix', text: '' }))).toHaveProperty('problem');
    expect(constraintOf(row({ kind: 'oneOf', text: 'a, b,, c ' }))).toEqual({ field: 'f', oneOf: ['a', 'b', 'c'] });
    expect(constraintOf(row({ kind: 'oneOf', value: 3, text: '1, 2,3' }))).toEqual({ field: 'f', oneOf: [1, 2, 3] });
    expect(constraintOf(row({ kind: 'oneOf', value: 3, text: '1, two' }))).toEqual({ problem: '“f”: list numbers only.' });
    expect(constraintOf(row({ kind: 'oneOf', text: ' , ' }))).toHaveProperty('problem');
  });

  it('send a cap of 1 to 1000 and an end within 30 days, or name the first problem', () => {
    const rows = fieldChoices({ amount: 40, memo: 'x' }).map((row) => (row.field === 'memo' ? { ...row, kind: 'any' as const } : row));
    expect(termsOf(rows, 2, 7, NOW)).toEqual({ constraints: [{ field: 'amount', equals: 40 }], maxApprovals: 2, endsAt: '2026-12-08T10:00:00.000Z' });
    expect(termsOf(rows, 0, 7, NOW)).toEqual({ problem: 'Allow 1 to 1000 requests.' });
    expect(termsOf(rows, 1.5, 7, NOW)).toEqual({ problem: 'Allow 1 to 1000 requests.' });
    expect(termsOf(rows, 2, 31, NOW)).toEqual({ problem: 'The rule ends after 1 to 30 days.' });
    expect(endAfter(NOW, 30)).toBe('2026-12-31T10:00:00.000Z');
    expect(endAfter(NOW, 0)).toHaveProperty('problem');
  });

  it('are offered only for an agent’s request that is not HIGH risk and needs one approval', () => {
    expect(offersRemember({ risk: 'LOW', agent: { id: 'a' }, approvalsRequired: 1 })).toBe(true);
    expect(offersRemember({ risk: 'MEDIUM', agent: { id: 'a' } })).toBe(true);
    expect(offersRemember({ risk: 'HIGH', agent: { id: 'a' }, approvalsRequired: 1 })).toBe(false);
    expect(offersRemember({ risk: 'LOW', agent: null, approvalsRequired: 1 })).toBe(false);
    expect(offersRemember({ risk: 'LOW', agent: { id: 'a' }, approvalsRequired: 2 })).toBe(false);
  });

  it('describe a stored constraint in words', () => {
    expect(describeConstraint({ field: 'ttlHours', kind: 'AT_MOST', atMost: 12 })).toBe('ttlHours is at most 12');
    expect(describeConstraint({ field: 'tier', kind: 'ONE_OF', oneOf: ['gold', 2] })).toBe('tier is one of "gold", 2');
    expect(describeConstraint({ field: 'scopes', kind: 'EQUALS', equals: ['read'] })).toBe('scopes is ["read"]');
    expect(describeConstraint({ field: 'to', kind: 'PREFIX', prefix: 'ops@' })).toBe('to starts with "ops@"');
  });
});
