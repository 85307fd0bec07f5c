import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from './form-feedback';
import { ModalDialog } from './modal-dialog';

export interface FormDialogProps {
  title: ReactNode;
  /** The owner submitted (the button or Enter); the browser's own submission is already prevented. */
  onSubmit: () => void;
  onCancel: () => void;
  /** The submit button: its label, the one it shows while `pending`, when it is disabled, and the danger style for what cannot be taken back. */
  submit: { label: string; pendingLabel?: string; pending?: boolean; disabled?: boolean; danger?: boolean };
  /** Why the last try did not go through, shown just above the buttons. */
  error?: string;
  /** Classes the form takes after `stack`, for a dialog's own layout. */
  className?: string;
  /** False leaves the form without `stack` spacing: the password prompt keeps the tight layout it always had. */
  stacked?: boolean;
  /** Set where the dialog checks the fields itself and words what is wrong, rather than the browser's bubbles. */
  noValidate?: boolean;
  children: ReactNode;
}

/** A modal form: its fields, the error of the last try, then Cancel and the submit button, the same in every dialog that asks before acting. */
export function FormDialog({ title, onSubmit, onCancel, submit, error, className, stacked = true, noValidate, children }: FormDialogProps) {
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <ModalDialog title={title} onClose={onCancel}>
      <form className={[stacked ? 'stack' : undefined, className].filter(Boolean).join(' ') || undefined} onSubmit={send} noValidate={noValidate}>
        {children}
        <ErrorAlert message={error} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={submit.danger ? 'danger' : undefined} disabled={submit.pending || submit.disabled}>
            {submit.pending ? (submit.pendingLabel ?? submit.label) : submit.label}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
