import type { FormEvent } from 'react';
import { formText } from '../layout/form-text';
import { navigate } from '../router';
import { useResultMutation } from '../transport/use-result-mutation';
import { sessionMutations } from './session-queries';

/** Email + password sign-in; a refusal stays on the page as an alert. */
export function SignInPage() {
  // '/' redirects to the home page, which App alone decides.
  const signIn = useResultMutation(sessionMutations.signIn(), { onSuccess: () => navigate('/', { replace: true }) });

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
