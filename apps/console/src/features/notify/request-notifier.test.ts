import { describe, expect, it } from 'vitest';
import { awaitsOwner, requestNotifier, type NotifiedSignOff } from './request-notifier';

// docs/notifications.md, N16; docs/sign-offs.md, S20: PARTIALLY_APPROVED is
// open like PENDING, and waits for the owners who have not approved it.

const BOB = 'bob';
const ALICE = 'alice';

const approvedBy = (...owners: string[]): NotifiedSignOff['approvals'] =>
  owners.map((id) => ({
    __typename: 'SignOffApproval' as const,
    owner: { __typename: 'Owner' as const, id, email: `${id}@example.com` },
    approvedAt: '2026-12-01T10:00:00Z',
    note: null,
  }));

/** A hidden tab signed in as `viewer`, over requests whose current state the test sets. */
function tab(viewer: string) {
  const requests = new Map<string, NotifiedSignOff>();
  const open = new Set<string>();
  const shown: string[] = [];
  const notifier = requestNotifier({
    read: async (id) => requests.get(id) ?? null,
    viewerId: async () => viewer,
    canNotify: () => true,
    show: async (signOff) => {
      open.add(signOff.id);
      shown.push(signOff.id);
      return { close: () => open.delete(signOff.id) };
    },
  });
  /** The request changes, and the live feed says so. */
  const change = (signOff: NotifiedSignOff) => {
    requests.set(signOff.id, signOff);
    return notifier.onEvent({ id: signOff.id, state: signOff.state });
  };
  return { change, open, shown, notifier };
}

describe('awaitsOwner', () => {
  it('is every owner for PENDING, the owners who have not approved for PARTIALLY_APPROVED, and no one once decided', () => {
    expect(awaitsOwner({ state: 'PENDING', approvals: [] }, BOB)).toBe(true);
    expect(awaitsOwner({ state: 'PARTIALLY_APPROVED', approvals: approvedBy(ALICE) }, BOB)).toBe(true);
    expect(awaitsOwner({ state: 'PARTIALLY_APPROVED', approvals: approvedBy(ALICE) }, ALICE)).toBe(false);
    for (const state of ['APPROVED', 'SUCCEEDED', 'DENIED', 'EXPIRED', 'WITHDRAWN', 'AWAITING_REDEEM'] as const) {
      expect(awaitsOwner({ state, approvals: approvedBy(ALICE, BOB) }, BOB), state).toBe(false);
    }
  });
});

describe('a hidden tab’s request notifications', () => {
  it('keep a co-owner’s notification when another owner gives the first approval, and close it on the decision', async () => {
    const bob = tab(BOB);
    await bob.change({ id: 'r1', state: 'PENDING', approvals: [] });
    expect([...bob.open]).toEqual(['r1']);
    await bob.change({ id: 'r1', state: 'PARTIALLY_APPROVED', approvals: approvedBy(ALICE) });
    expect([...bob.open]).toEqual(['r1']);
    await bob.change({ id: 'r1', state: 'SUCCEEDED', approvals: approvedBy(ALICE, BOB) });
    expect([...bob.open]).toEqual([]);
    expect(bob.shown).toEqual(['r1']);
  });

  it('close the notification of the owner who gave the first approval (elsewhere), who has nothing left to do', async () => {
    const alice = tab(ALICE);
    await alice.change({ id: 'r1', state: 'PENDING', approvals: [] });
    await alice.change({ id: 'r1', state: 'PARTIALLY_APPROVED', approvals: approvedBy(ALICE) });
    expect([...alice.open]).toEqual([]);
  });

  it('raise one for a request first seen half-approved (an owner’s proposal) for the co-owner, never for its proposer', async () => {
    const proposal: NotifiedSignOff = { id: 'p1', state: 'PARTIALLY_APPROVED', approvals: approvedBy(ALICE) };
    const bob = tab(BOB);
    const alice = tab(ALICE);
    await bob.change(proposal);
    await alice.change(proposal);
    expect(bob.shown).toEqual(['p1']);
    expect(alice.shown).toEqual([]);
    await bob.change({ ...proposal, state: 'DENIED' });
    expect([...bob.open]).toEqual([]);
  });

  it('raise nothing twice for the same request, and close what is open when stopped', async () => {
    const bob = tab(BOB);
    await bob.change({ id: 'r1', state: 'PENDING', approvals: [] });
    await bob.change({ id: 'r1', state: 'PENDING', approvals: [] });
    await bob.change({ id: 'r2', state: 'PENDING', approvals: [] });
    expect(bob.shown).toEqual(['r1', 'r2']);
    bob.notifier.stop();
    expect([...bob.open]).toEqual([]);
  });
});
