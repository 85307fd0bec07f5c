import type { FormEvent } from 'react';
import { formText } from '../layout/form-text';
import { navigate, useLocationHash } from '../router';
import { useResultMutation } from '../transport/use-result-mutation';
import { sessionMutations } from './session-queries';

/** Passwords shorter than this are refused by the API; saying so up front saves a round trip. */
const MIN_PASSWORD_LENGTH = 10;

/** The token travels in the fragment (`#token=`) so it never reaches a server log or a Referer. */
function readSetupToken(hash: string): string | undefined {
  return new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
}

/**
 * Creates the first tenant and owner with the one-time link the server
 * printed. The token is read from the address as it is now, so a link pasted
 * into a tab already on /setup is taken up without a reload.
 */
export function SetupPage() {
  const token = readSetupToken(useLocationHash());
  return (
    <main className="centered">
      <h1>Set up Countersign</h1>
      {!token ? (
        <p role="alert" className="error">
          Open the setup link the server printed when it started (it ends in <code>#token=…</code>).
        </p>
      ) : (
        // Keyed by the token: another link starts afresh, without the refusal the previous one got.
        <SetupForm key={token} token={token} />
      )}
    </main>
  );
}

/** The workspace, email and password form for one setup token. */
function SetupForm({ token }: { token: string }) {
  // '/' redirects to the home page, which App alone decides.
  const setup = useResultMutation(sessionMutations.setupFirstOwner(), { onSuccess: () => navigate('/', { replace: true }) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setup.mutate({
      token,
      tenantName: formText(form, 'tenantName'),
      email: formText(form, 'email'),
      password: formText(form, 'password'),
    });
  };

  return (
    <form className="card stack" onSubmit={submit}>
      <p className="muted">Create the workspace and its first owner. This link works once.</p>
      <label>
        Workspace name
        <input name="tenantName" autoComplete="organization" required />
      </label>
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
      {setup.error && (
        <p role="alert" className="error">
          {setup.error}
        </p>
      )}
      <button type="submit" disabled={setup.pending}>
        {setup.pending ? 'Creating…' : 'Create owner'}
      </button>
    </form>
  );
}
