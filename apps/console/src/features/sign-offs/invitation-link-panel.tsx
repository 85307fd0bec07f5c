import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { InvitationLink } from '../owners/invitation-link';
import { ownerMutations } from '../owners/owner-queries';
import { sessionQueries } from '../session/session-queries';
import { useResultMutation } from '../../shared/transport/use-result-mutation';

/**
 * An approved `tenant.inviteOwner` request (docs/sign-offs.md, S21): its
 * proposer takes the link it created, once, within a day of the approval.
 * Every other owner is told the link went to the proposer.
 */
export function InvitationLinkPanel({ signOff }: { signOff: Pick<SignOffFieldsFragment, 'id' | 'state' | 'secretState' | 'proposedBy'> }) {
  const session = useQuery(sessionQueries.current());
  const viewer = session.data?.viewer;
  const isProposer = viewer?.__typename === 'Owner' && viewer.id === signOff.proposedBy?.id;
  const [link, setLink] = useState<{ token: string; expiresAt: string }>();
  const take = useResultMutation(ownerMutations.takeLink(), {
    onSuccess: (result) => setLink({ token: result.token, expiresAt: result.invitation.expiresAt }),
  });

  if (signOff.state !== 'SUCCEEDED') return null;
  if (link) return <InvitationLink token={link.token} expiresAt={link.expiresAt} />;
  if (!isProposer)
    return <p className="muted">The invitation link went to {signOff.proposedBy?.email ?? 'the owner who proposed it'}, who alone can take it.</p>;
  if (signOff.secretState === 'TAKEN') return <p className="muted">You took the invitation link already: it is shown once.</p>;
  if (signOff.secretState !== 'WAITING')
    return <p className="muted">The invitation link was not taken within a day of the approval and has lapsed: invite again.</p>;
  return (
    <div className="stack">
      <p>A second owner approved your invitation. Take its link now: it is shown once.</p>
      <button type="button" onClick={() => take.mutate(signOff.id)} disabled={take.pending}>
        {take.pending ? 'Taking the link…' : 'Show the invitation link'}
      </button>
      {take.error && (
        <p role="alert" className="error">
          {take.error}
        </p>
      )}
    </div>
  );
}
