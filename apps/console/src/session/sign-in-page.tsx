import type { FormEvent } from 'react';
import { formText } from '../layout/form-text';
import { navigate } from '../router';
import { useResultMutation } from '../transport/use-result-mutation';
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: formText(form, 'email'), password: formText(form, 'password') });
  };

  return (
    <main className="centered">
      <h1>Sign in to Countersign</h1>
      <form className="card stack" onSubmit={submit}>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {signIn.error && (
          <p role="alert" className="error">
            {signIn.error}
          </p>
        )}
        <button type="submit" disabled={signIn.pending}>
          {signIn.pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
