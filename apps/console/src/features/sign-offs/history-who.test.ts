import { describe, expect, it } from 'vitest';
import { denialNote, whoDecided, type DecidedRequest } from './history-who';

const ME = { id: 'me', email: 'me@acme.test' };
const ANA = { id: 'ana', email: 'ana@acme.test' };

const request = (overrides: Partial<DecidedRequest>): DecidedRequest => ({ state: 'SUCCEEDED', approvalsRequired: 1, approvals: [], ...overrides });

describe('who decided a request, as History says it', () => {
  it('names each approver of a two-person request in order, the viewer as you', () => {
    const both = request({ approvalsRequired: 2, approvals: [{ owner: ANA }, { owner: ME }] });
    expect(whoDecided(both, ME.id)).toBe('Approved by ana@acme.test and you');
    expect(whoDecided(both, 'someone-else')).toBe('Approved by ana@acme.test and me@acme.test');
  });

  it('names the owner who denied, after a first approval too, and the viewer of a one-approval request', () => {
    expect(whoDecided(request({ state: 'DENIED', approvalsRequired: 2, approvals: [{ owner: ME }], deniedBy: ANA }), ME.id)).toBe(
      'Approved by you, then denied by ana@acme.test',
    );
    expect(whoDecided(request({ state: 'DENIED', approvalsRequired: 2, deniedBy: ME }), ME.id)).toBe('Denied by you');
    expect(whoDecided(request({ state: 'DENIED', deniedBy: ME }), ME.id)).toBe('Denied by you');
    expect(whoDecided(request({ state: 'AWAITING_REDEEM' }), ME.id)).toBe('Approved by you');
  });

  it('says nobody decided an expired or withdrawn request, and leaves a rule’s approval to the rule’s line', () => {
    expect(whoDecided(request({ state: 'EXPIRED' }), ME.id)).toBe('Nobody decided: it expired');
    expect(whoDecided(request({ state: 'EXPIRED', approvalsRequired: 2, approvals: [{ owner: ANA }] }), ME.id)).toBe(
      'Approved by ana@acme.test; it expired before a second owner approved',
    );
    expect(whoDecided(request({ state: 'WITHDRAWN' }), ME.id)).toBe('Nobody decided: it was withdrawn');
    expect(whoDecided(request({ approvedByRule: { id: 'rule' } }), ME.id)).toBeNull();
  });

  it('quotes a denial’s note, its invisible characters escaped, and no other outcome’s', () => {
    expect(denialNote({ state: 'DENIED', note: ' not this \u202Eone ' })).toBe('“not this \\u202eone”');
    expect(denialNote({ state: 'DENIED', note: '  ' })).toBeNull();
    expect(denialNote({ state: 'SUCCEEDED', note: 'fine' })).toBeNull();
  });
});
