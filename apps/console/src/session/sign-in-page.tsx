import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { navigate } from '../router';
import { request, resetSubscriptions } from '../transport/graphql-client';
import { SignInDocument } from './session-queries';

/** Email + password sign-in; a refusal stays on the page as an alert. */
export function SignInPage() {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string>();
  const signIn = useMutation({
    mutationFn: (input: { email: string; password: string }) => request(SignInDocument, { input }),
    onSuccess: async ({ signIn: result }) => {
      if (result.__typename !== 'SignedIn') {
        setRefusal(result.message);
        return;
      }
      resetSubscriptions();
      await queryClient.resetQueries();
      // '/' redirects to the home page, which App alone decides.
      navigate('/', { replace: true });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRefusal(undefined);
    signIn.mutate({ email: String(form.get('email')), password: String(form.get('password')) });
  };

  const error = refusal ?? (signIn.isError ? signIn.error.message : undefined);
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
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
