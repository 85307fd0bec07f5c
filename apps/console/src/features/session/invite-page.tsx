import { useQuery } from '@tanstack/react-query';
import { PageError } from '../../shared/ui/page-error';
import { Timestamp } from '../../shared/ui/timestamp';
import { navigate, useLocationHash } from '../../shared/router';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { PasswordForm, readHashToken } from './password-form';
import { sessionMutations, sessionQueries } from './session-queries';

/**
 * Joining a workspace as an owner with an invitation link another owner
 * created (docs/tenancy.md, T10): email and password, then signed in. The
 * link works once, for 72 hours. A signed-in owner is asked to sign out
 * first: accepting creates a new owner.
 */
export function InvitePage({ signedInAs }: { signedInAs: string | undefined }) {
  const token = readHashToken(useLocationHash());
  return (
    <main className="centered">
      <h1>Join a Countersign workspace</h1>
      {signedInAs ? (
        <p role="alert" className="error">
          You are signed in as {signedInAs}. Sign out first, then open the invitation link again: accepting it creates a new owner.
        </p>
      ) : !token ? (
        <p role="alert" className="error">
          Open the invitation link an owner sent you (it ends in <code>#token=…</code>).
        </p>
      ) : (
        <Invitation key={token} token={token} />
      )}
    </main>
  );
}

function Invitation({ token }: { token: string }) {
  const invitation = useQuery(sessionQueries.invitation(token));
  if (invitation.isPending) return <p role="status">Checking the invitation…</p>;
  if (invitation.isError)
    return <PageError what="the invitation" error={invitation.error} onRetry={() => void invitation.refetch()} retrying={invitation.isFetching} />;
  if (invitation.data === null) {
    return (
      <p role="alert" className="error">
        This invitation link was used already, has expired, was revoked, or is not one. Ask an owner of the workspace for a new one.
      </p>
    );
  }
  return <AcceptForm token={token} tenantName={invitation.data.tenant.name} expiresAt={invitation.data.expiresAt} />;
}

/** Email and password for the new owner; on success the session starts and the Inbox opens. */
function AcceptForm({ token, tenantName, expiresAt }: { token: string; tenantName: string; expiresAt: string }) {
  // '/' redirects to the home page, which App alone decides.
  const accept = useResultMutation(sessionMutations.acceptOwnerInvitation(), { onSuccess: () => navigate('/', { replace: true }) });
  return (
    <PasswordForm
      password="new"
      error={accept.error}
      pending={accept.pending}
      submitLabel="Join as an owner"
      pendingLabel="Joining…"
      onSubmit={({ email, password }) => accept.mutate({ token, email, password })}
    >
      <p>
        You are invited to join <strong>{tenantName}</strong> as an owner. This link works once, until <Timestamp value={expiresAt} />.
      </p>
    </PasswordForm>
  );
}
