import { useEffect, useState } from 'react';

/** How long an outcome stays in the toast; History keeps every outcome. */
const TOAST_MS = 8_000;

/** The toast's message: it goes after TOAST_MS, or when the next replaces it. */
export function useToast() {
  const [toast, setToast] = useState<string>();
  useEffect(() => {
    if (toast === undefined) return;
    const timer = setTimeout(() => setToast(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return [toast, setToast] as const;
}

/**
 * The Inbox's one toast, always present so every outcome is announced. While
 * a decision made by key is held (UI5), it says what will be sent and when,
 * with Undo beside it (the `u` key too); otherwise it says what came of the
 * latest decision.
 */
export function InboxToast({ message, onUndo }: { message: string | undefined; onUndo?: () => void }) {
  return (
    <div className={`toast${message ? ' shown' : ''}${onUndo ? ' undoable' : ''}`}>
      <p role="status">{message}</p>
      {onUndo && (
        <button type="button" className="secondary" aria-keyshortcuts="u" onClick={onUndo}>
          Undo
        </button>
      )}
    </div>
  );
}
