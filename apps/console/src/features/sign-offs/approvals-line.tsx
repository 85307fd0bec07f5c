import { useQuery } from '@tanstack/react-query';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { sessionQueries } from '../session/session-queries';

/** The signed-in owner's id, to tell "you" from the other owners; undefined until the session is read. */
export function useViewerId(): string | undefined {
  const session = useQuery(sessionQueries.current());
  const viewer = session.data?.viewer;
  return viewer?.__typename === 'Owner' ? viewer.id : undefined;
}

/**
 * Whether the viewer gave a half-approved request its first approval: they
 * cannot give the second (S20), so the console offers them no Approve, only
 * Deny (a first approver's denial denies).
 */
export function useApprovedByViewer(signOff: Pick<SignOffFieldsFragment, 'state' | 'approvals'>): boolean {
  const viewerId = useViewerId();
  return signOff.state === 'PARTIALLY_APPROVED' && viewerId !== undefined && signOff.approvals.some((approval) => approval.owner.id === viewerId);
}

/**
 * Where a request needing two approvals stands (docs/sign-offs.md, S20):
 * who approved it, and whether it still needs a second owner — said to the
 * owner who gave the first approval in their own words, since they cannot
 * give the second.
 */
export function ApprovalsLine({ signOff }: { signOff: Pick<SignOffFieldsFragment, 'state' | 'approvals' | 'approvalsRequired'> }) {
  const viewerId = useViewerId();
  const names = signOff.approvals.map((approval) => (approval.owner.id === viewerId ? 'you' : approval.owner.email));
  if (signOff.state === 'PARTIALLY_APPROVED') {
    const byViewer = signOff.approvals.some((approval) => approval.owner.id === viewerId);
    return (
      <span role="status">
        Approved by {names.join(' and ') || 'an owner'} — needs a second owner
        {byViewer ? '. Another owner of this workspace must approve it.' : '. Your approval completes it.'}
      </span>
    );
  }
  if (signOff.approvals.length === 0) return <>Needs two approvals, from two different owners</>;
  return <>Approved by {names.join(' and ')}</>;
}
