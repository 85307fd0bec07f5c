import { useImperativeHandle, useRef, type Ref } from 'react';
import type { InboxRow } from './inbox-row';

/** What the keyboard asks of the batch bar: `d` with a selection puts the focus in the shared note. */
export interface BatchHandle {
  readyDenial: () => void;
}

export interface BatchBarProps {
  count: number;
  /** Approving together is for low-risk requests only (the server refuses the others with NOT_BATCHABLE). */
  allLowRisk: boolean;
  pending: boolean;
  onApprove: () => void;
  /** `byKey`: Enter in the note, not a click (a low-risk batch denied by key is held for Undo, UI5). */
  onDeny: (note: string | null, byKey: boolean) => void;
  onClear: () => void;
  ref?: Ref<BatchHandle>;
}

/** The selection's actions: approve together (low risk only), or deny together with one note; Enter in the note denies. */
export function BatchBar({ count, allLowRisk, pending, onApprove, onDeny, onClear, ref }: BatchBarProps) {
  const note = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ readyDenial: () => note.current?.focus() }));
  const deny = (byKey: boolean) => onDeny(note.current?.value.trim() || null, byKey);
  return (
    <section className="batch-bar" aria-label="Selected requests">
      <p>
        <strong>{count} selected</strong>
        {!allLowRisk && <span className="muted"> · only low-risk requests can be approved together</span>}
      </p>
      <label className="grow">
        Note for all (Enter denies)
        <input
          ref={note}
          name="batch-note"
          maxLength={2000}
          autoComplete="off"
          placeholder="Optional; each agent can read it"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !pending) {
              event.preventDefault();
              deny(true);
            }
          }}
        />
      </label>
      <button type="button" onClick={onApprove} disabled={pending || !allLowRisk}>
        Approve selected
      </button>
      <button type="button" className="danger" onClick={() => deny(false)} disabled={pending}>
        Deny selected
      </button>
      <button type="button" className="secondary" onClick={onClear} disabled={pending}>
        Clear
      </button>
    </section>
  );
}

/** Why deciding the selection failed, then the bar while anything is selected. */
export function SelectionBar({
  chosen,
  error,
  pending,
  onDecide,
  onClear,
  ref,
}: {
  chosen: readonly InboxRow[];
  error: string | undefined;
  pending: boolean;
  /** As `useInboxDecisions`' `decideSelected`: approve or deny the selection, with the note, by key or by click. */
  onDecide: (approve: boolean, note?: string | null, how?: { byKey: boolean }) => void;
  onClear: () => void;
  ref?: Ref<BatchHandle>;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="error">
          Deciding the selection failed: {error}
        </p>
      )}
      {chosen.length > 0 && (
        <BatchBar
          ref={ref}
          count={chosen.length}
          allLowRisk={chosen.every((row) => row.risk === 'LOW')}
          pending={pending}
          onApprove={() => onDecide(true)}
          onDeny={(note, byKey) => onDecide(false, note, { byKey })}
          onClear={onClear}
        />
      )}
    </>
  );
}
