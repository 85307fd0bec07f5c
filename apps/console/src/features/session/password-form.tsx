import type { FormEvent, ReactNode } from 'react';
import { formText } from '../../shared/ui/form-text';

/** Passwords shorter than this are refused by the API; saying so up front saves a round trip. */
export const MIN_PASSWORD_LENGTH = 10;

export interface PasswordFormProps {
  /** `new` for an owner being created (setup, an invitation): the browser offers to generate one, and the minimum is said. */
  password: 'new' | 'current';
  /** What comes before the email: an introduction, and the fields a form asks besides (the workspace's name at setup). */
  children?: ReactNode;
  error: string | undefined;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The email and password typed, and the form for any other field. */
  onSubmit: (fields: { email: string; password: string; form: FormData }) => void;
}

/**
 * The one email-and-password form: signing in, setting up the first owner,
 * accepting an invitation. The fields carry the autocomplete tokens password
 * managers look for (`username`, `current-password` / `new-password`), and a
 * refusal stays on the page as an alert.
 */
export function PasswordForm({ password, children, error, pending, submitLabel, pendingLabel, onSubmit }: PasswordFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({ email: formText(form, 'email'), password: formText(form, 'password'), form });
  };
  return (
    <form className="card stack" onSubmit={submit}>
      {children}
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        {password === 'new' ? (
          <input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} aria-describedby="password-hint" required />
        ) : (
          <input name="password" type="password" autoComplete="current-password" required />
        )}
      </label>
      {password === 'new' && (
        <p id="password-hint" className="hint">
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}

/** A one-time token carried in the fragment (`#token=…`), so it never reaches a server log or a Referer. */
export function readHashToken(hash: string): string | undefined {
  return new URLSearchParams(hash.slice(1)).get('token') ?? undefined;
}
