import { describe, expect, it } from 'vitest';
import type { SignOffState } from '../../../gql/graphql';
import { decidingIds, goneSentence } from './gone-request';

const approval = (id: string, email: string) => ({ owner: { id, email }, approvedAt: '2026-12-01T10:00:00Z', note: null });
const asStands = (state: SignOffState, approvals: ReturnType<typeof approval>[] = []) => ({ state, approvals });

describe('goneSentence', () => {
  it('says why the open request left the list, with nothing to decide', () => {
    expect(goneSentence(asStands('WITHDRAWN'))).toBe('Withdrawn — nothing to decide.');
    expect(goneSentence(asStands('EXPIRED'))).toBe('Expired — nothing to decide.');
    expect(goneSentence(asStands('DENIED'))).toBe('Denied by another owner or in another tab — nothing to decide.');
    expect(goneSentence(null)).toBe('No longer there — nothing to decide.');
  });

  it('names who approved it: the other owner, or the viewer in another tab', () => {
    const other = asStands('SUCCEEDED', [approval('o2', 'second@acme.test')]);
    expect(goneSentence(other, 'o1')).toBe('Approved by another owner (second@acme.test) — nothing to decide.');
    expect(goneSentence(asStands('AWAITING_REDEEM', [approval('o1', 'owner@acme.test')]), 'o1')).toBe('Approved by you in another tab — nothing to decide.');
    expect(goneSentence(asStands('APPROVED'), 'o1')).toBe('Approved elsewhere — nothing to decide.');
  });

  it('always ends with nothing to decide, whatever the state', () => {
    const states: SignOffState[] = [
      'APPROVED',
      'AWAITING_REDEEM',
      'DELIVERING',
      'DENIED',
      'EXPIRED',
      'FAILED',
      'LAPSED',
      'PARTIALLY_APPROVED',
      'PENDING',
      'REDEEMED',
      'SUCCEEDED',
      'WITHDRAWN',
    ];
    for (const state of states) expect(goneSentence(asStands(state))).toMatch(/nothing to decide/);
  });
});

describe('decidingIds', () => {
  it('collects the ids of single decisions and batches, ignoring anything else', () => {
    expect([...decidingIds([{ id: 'a', approve: true }, { ids: ['b', 'c'], approve: false }, undefined, null, 'x', { ids: [1] }])]).toEqual(['a', 'b', 'c']);
  });
});
