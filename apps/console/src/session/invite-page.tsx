import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { formText } from '../layout/form-text';
import { PageError } from '../layout/page-error';
import { Timestamp } from '../layout/timestamp';
import { navigate, useLocationHash } from '../router';
import { useResultMutation } from '../transport/use-result-mutation';
import { sessionMutations, sessionQueries } from './session-queries';

/** Passwords shorter than this are refused by the API; saying so up front saves a round trip. */
const MIN_PASSWORD_LENGTH = 10;

/** The token travels in the fragment (`/invite#token=…`), as the setup link's does, so it never reaches a server log or a Referer. */
function readInvitationToken(hash: string): string | undefined {
  return new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
}

/**
 * Joining a workspace as an owner with an invitation link another owner
 * created (docs/tenancy.md, T10): email and password, then signed in. The
 * link works once, for 72 hours. A signed-in owner is asked to sign out
 * first: accepting creates a new owner.
 */
export function InvitePage({ signedInAs }: { signedInAs: string | undefined }) {
  const token = readInvitationToken(useLocationHash());
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    accept.mutate({ token, email: formText(form, 'email'), password: formText(form, 'password') });
  };
  return (
    <form className="card stack" onSubmit={submit}>
      <p>
        You are invited to join <strong>{tenantName}</strong> as an owner. This link works once, until <Timestamp value={expiresAt} />.
      </p>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} aria-describedby="password-hint" required />
      </label>
      <p id="password-hint" className="hint">
        At least {MIN_PASSWORD_LENGTH} characters.
      </p>
      {accept.error && (
        <p role="alert" className="error">
          {accept.error}
        </p>
      )}
      <button type="submit" disabled={accept.pending}>
        {accept.pending ? 'Joining…' : 'Join as an owner'}
      </button>
    </form>
  );
}
