import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { OwnerInvitationState } from '../../gql/graphql';
import { formText } from '../../shared/ui/form-text';
import { PageError } from '../../shared/ui/page-error';
import { Timestamp } from '../../shared/ui/timestamp';
import { InvitationLink } from '../owners/invitation-link';
import { ownerMutations, ownerQueries } from '../owners/owner-queries';
import { Link } from '../../shared/router';
import { requestPath } from '../sign-offs/sign-off-display';
import { useResultMutation } from '../../shared/transport/use-result-mutation';

const INVITATION_STATES: Record<OwnerInvitationState, string> = {
  PENDING: 'Waiting',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Expired',
  REVOKED: 'Revoked',
};

/**
 * The workspace's owners and its invitations (docs/tenancy.md, T10). The
 * sole owner gets an invitation link at once; with two or more owners an
 * invitation is a request another owner must approve (docs/sign-offs.md,
 * S21), and its link then goes to the owner who asked for it.
 */
export function OwnersSection() {
  const headingId = useId();
  const owners = useQuery(ownerQueries.owners());
  const invitations = useQuery(ownerQueries.invitations());

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Owners</h2>
      <p className="muted">
        Owners decide what agents may do. Each joins by a link another owner creates: it works once, for 72 hours. With two or more owners, inviting another
        takes a second owner&rsquo;s approval.
      </p>
      {owners.isPending ? (
        <p role="status">Loading owners…</p>
      ) : owners.isError ? (
        <PageError what="owners" error={owners.error} onRetry={() => void owners.refetch()} retrying={owners.isFetching} />
      ) : (
        <ul className="preference-list" aria-label="Owners of this workspace">
          {owners.data.map((owner) => (
            <li key={owner.id} className="card">
              {owner.email}{' '}
              <span className="muted">
                since <Timestamp value={owner.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <InviteForm />
      {invitations.isSuccess && invitations.data.length > 0 && (
        <ul className="preference-list" aria-label="Invitations">
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Invite: the link at once, or the request a second owner must approve. */
function InviteForm() {
  const [outcome, setOutcome] = useState<{ kind: 'link'; token: string; expiresAt: string } | { kind: 'proposed'; signOffId: string }>();
  const invite = useResultMutation(ownerMutations.invite(), {
    onSuccess: (result) => {
      if (result.__typename === 'OwnerInvited') setOutcome({ kind: 'link', token: result.token, expiresAt: result.invitation.expiresAt });
      else setOutcome({ kind: 'proposed', signOffId: result.signOff.id });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = formText(new FormData(event.currentTarget), 'note').trim();
    setOutcome(undefined);
    invite.mutate({ note: note || null });
  };
  return (
    <>
      <form className="inline-form card" onSubmit={submit} aria-label="Invite an owner">
        <label className="grow">
          Note (optional)
          <input name="note" maxLength={200} autoComplete="off" placeholder="for Dana" />
        </label>
        <button type="submit" disabled={invite.pending}>
          {invite.pending ? 'Inviting…' : 'Invite an owner'}
        </button>
        {invite.error && (
          <p role="alert" className="error">
            {invite.error}
          </p>
        )}
      </form>
      {outcome?.kind === 'link' && <InvitationLink token={outcome.token} expiresAt={outcome.expiresAt} onDismiss={() => setOutcome(undefined)} />}
      {outcome?.kind === 'proposed' && (
        <p role="status" className="card">
          This workspace has more than one owner, so the invitation needs a second owner&rsquo;s approval. It waits in every owner&rsquo;s Inbox;{' '}
          <Link href={requestPath(outcome.signOffId)}>open the request</Link> to take the link once it is approved.
        </p>
      )}
    </>
  );
}

function InvitationRow({
  invitation,
}: {
  invitation: {
    id: string;
    note?: string | null;
    state: OwnerInvitationState;
    createdAt: string;
    invitedBy: { email: string };
    acceptedBy?: { email: string } | null;
  };
}) {
  const revoke = useResultMutation(ownerMutations.revoke());
  const textId = useId();
  return (
    <li className="card">
      <div className="inline-form">
        <span id={textId} className="grow">
          <span className={`badge state-${invitation.state.toLowerCase()}`}>{INVITATION_STATES[invitation.state]}</span> {invitation.note ?? 'Invitation'} — by{' '}
          {invitation.invitedBy.email}, <Timestamp value={invitation.createdAt} />
          {invitation.acceptedBy && <> · joined as {invitation.acceptedBy.email}</>}
        </span>
        {invitation.state === 'PENDING' && (
          <button type="button" className="secondary" aria-describedby={textId} disabled={revoke.pending} onClick={() => revoke.mutate(invitation.id)}>
            {revoke.pending ? 'Revoking…' : 'Revoke'}
          </button>
        )}
      </div>
      {revoke.error && (
        <p role="alert" className="error">
          {revoke.error}
        </p>
      )}
    </li>
  );
}
