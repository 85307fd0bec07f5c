import type { SignOffState } from '../../../gql/graphql';

/** The states in which a request is still undecided, so it belongs in the Inbox (docs/sign-offs.md, S20). */
const UNDECIDED: ReadonlySet<SignOffState> = new Set(['PENDING', 'PARTIALLY_APPROVED']);

/** Approved, whatever became of it since (running, ran, failed, waiting to be redeemed or delivered, lapsed). */
const APPROVED: ReadonlySet<SignOffState> = new Set(['APPROVED', 'AWAITING_REDEEM', 'DELIVERING', 'REDEEMED', 'SUCCEEDED', 'FAILED', 'LAPSED']);

/** What `goneSentence` reads of a request: where it stands, and who approved it. */
export interface GoneRequest {
  state: SignOffState;
  approvals: readonly { owner: { id: string; email: string } }[];
}

/**
 * What the Inbox's pane says of the open request once it has left the list
 * without this tab deciding it (docs/console.md, UI5): it stays open, marked,
 * with nothing to decide, so the owner never finds another request under
 * their key. `signOff` is the request as it stands now (null when the API no
 * longer has it); `viewerId` names the signed-in owner, so their own
 * decision from another tab is not put on another owner.
 */
export function goneSentence(signOff: GoneRequest | null, viewerId?: string): string {
  if (signOff === null) return 'No longer there — nothing to decide.';
  const { state, approvals } = signOff;
  if (state === 'WITHDRAWN') return 'Withdrawn — nothing to decide.';
  if (state === 'EXPIRED') return 'Expired — nothing to decide.';
  if (state === 'DENIED') return 'Denied by another owner or in another tab — nothing to decide.';
  if (APPROVED.has(state)) {
    const last = approvals.at(-1);
    if (last === undefined) return 'Approved elsewhere — nothing to decide.';
    return last.owner.id === viewerId
      ? 'Approved by you in another tab — nothing to decide.'
      : `Approved by another owner (${last.owner.email}) — nothing to decide.`;
  }
  if (UNDECIDED.has(state)) return 'No longer in this list — nothing to decide here; its own page shows where it stands.';
  return 'No longer waiting — nothing to decide.';
}

/**
 * The requests a decision from this tab is on its way for, from the
 * variables of the pending sign-off mutations (`{ id }` for one decision,
 * `{ ids }` for a batch). The list may refetch without such a request before
 * the decision's own answer arrives: it has not left under the owner, the
 * owner is deciding it.
 */
export function decidingIds(variables: readonly unknown[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const value of variables) {
    if (typeof value !== 'object' || value === null) continue;
    const { id, ids: many } = value as { id?: unknown; ids?: unknown };
    if (typeof id === 'string') ids.add(id);
    if (Array.isArray(many)) for (const each of many) if (typeof each === 'string') ids.add(each);
  }
  return ids;
}
