import { formText } from '../../shared/ui/form-text';
import { navigate, useLocationHash } from '../../shared/router';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { PasswordForm, readHashToken } from './password-form';
import { sessionMutations } from './session-queries';

/**
 * Creates the first tenant and owner with the one-time link the server
 * printed. The token is read from the address as it is now, so a link pasted
 * into a tab already on /setup is taken up without a reload.
 */
export function SetupPage() {
  const token = readHashToken(useLocationHash());
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

  return (
    <PasswordForm
      password="new"
      error={setup.error}
      pending={setup.pending}
      submitLabel="Create owner"
      pendingLabel="Creating…"
      onSubmit={({ email, password, form }) => setup.mutate({ token, tenantName: formText(form, 'tenantName'), email, password })}
    >
      <p className="muted">Create the workspace and its first owner. This link works once.</p>
      <label>
        Workspace name
        <input name="tenantName" autoComplete="organization" required />
      </label>
    </PasswordForm>
  );
}
