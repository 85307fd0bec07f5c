import type { ReactNode } from 'react';

/**
 * What went wrong, announced as it appears; nothing while there is nothing
 * to say. Forms show their own check and the API's refusal through it, so
 * every form words an error in the same place and role.
 */
export function ErrorAlert({ message }: { message: ReactNode }) {
  return message ? (
    <p role="alert" className="error">
      {message}
    </p>
  ) : null;
}

/** What just succeeded, read out politely (it interrupts nothing); nothing when there is nothing to report. */
export function OkStatus({ message }: { message: ReactNode }) {
  return message ? (
    <p role="status" className="ok">
      {message}
    </p>
  ) : null;
}

export interface SubmitButtonProps {
  /** The button's text while idle, e.g. "Issue authority". */
  label: string;
  /** Its text while the request runs, e.g. "Issuing…". */
  pendingLabel: string;
  pending: boolean;
  className?: string;
}

/** A form's submit button, which says the request is running and cannot be pressed twice meanwhile. */
export function SubmitButton({ label, pendingLabel, pending, className }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}
