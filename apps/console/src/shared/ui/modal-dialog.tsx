import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorAlert } from './form-feedback';

/** A native modal `<dialog>`, open while mounted and named by its heading; Escape closes it. */
export function ModalDialog({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} aria-labelledby={headingId} className="card" onCancel={onClose}>
      <div className="stack">
        <h2 id={headingId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirming button while the action runs. */
  pendingLabel?: string;
  /** Destructive actions get the danger style. */
  danger?: boolean;
  pending?: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question: Cancel (focused first, so Enter never confirms by accident) or the confirming button. */
export function ConfirmDialog({ title, children, confirmLabel, pendingLabel, danger = false, pending = false, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      {children}
      <ErrorAlert message={error} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className={danger ? 'danger' : undefined} onClick={onConfirm} disabled={pending}>
          {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
