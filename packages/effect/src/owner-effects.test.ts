import { describe, expect, it } from 'vitest';
import { describeEffect, type EffectSubject } from './describe-effect.js';

/** An owner-to-owner request (docs/sign-offs.md, S21): no agent, no repository. */
function proposal(op: string, input: unknown): EffectSubject {
  return {
    op,
    input,
    description: 'Something the server says',
    agent: null,
    repository: null,
    operation: { inputSchema: {} },
  };
}

describe('describeEffect: owner-to-owner requests', () => {
  it('says an invitation lets one person join as an owner, with its note, and a policy change which operation needs how many approvals', () => {
    expect(describeEffect(proposal('tenant.inviteOwner', { invitationId: 'x', note: 'for Dana' }), 'en-US', 'UTC')).toMatchObject({
      sentence: 'Creates a link that lets one person join this workspace as an owner (for Dana)',
      brief: 'Invite an owner',
    });
    expect(describeEffect(proposal('tenant.changePolicy', { op: 'repository.delete', approvalsRequired: 1 }), 'en-US', 'UTC')).toMatchObject({
      sentence: 'Lets repository.delete run with one owner’s approval',
      target: 'repository.delete',
    });
  });

  it('falls back to the server’s description for a policy change it cannot read, and never names an agent there is none of', () => {
    expect(describeEffect(proposal('tenant.changePolicy', { op: 7 }), 'en-US', 'UTC').sentence).toBe('Something the server says');
    expect(describeEffect(proposal('authority.grant', { minorUnits: 100, currency: 'EUR' }), 'en-US', 'UTC').sentence).toBe('Something the server says');
  });
});
