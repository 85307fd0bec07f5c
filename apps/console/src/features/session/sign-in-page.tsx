import { navigate } from '../../shared/router';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { PasswordForm } from './password-form';
import { sessionMutations } from './session-queries';

/**
 * Where to go after signing in: the `next` path the sign-in redirect carried,
 * if it is a path of this console — one leading slash, no scheme, no host,
 * no backslash — so a crafted link cannot send a fresh session elsewhere.
 */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next !== null && /^\/(?![/\\])[A-Za-z0-9/_.~%-]*$/.test(next) ? next : '/';
}

/** Email + password sign-in; a refusal stays on the page as an alert. */
export function SignInPage() {
  // Back to the page the visitor opened, or '/', which redirects to the home page App alone decides.
  const signIn = useResultMutation(sessionMutations.signIn(), { onSuccess: () => navigate(returnPath(location.search), { replace: true }) });

  return (
    <main className="centered">
      <h1>Sign in to Countersign</h1>
      <PasswordForm
        password="current"
        error={signIn.error}
        pending={signIn.pending}
        submitLabel="Sign in"
        pendingLabel="Signing in…"
        onSubmit={({ email, password }) => signIn.mutate({ email, password })}
      />
    </main>
  );
}
