import { useRef, useState } from 'react';
import type { OperationRunner, SignOffFieldsFragment } from '../gql/graphql';
import { ConfirmDialog } from '../layout/modal-dialog';
import { useResultMutation } from '../transport/use-result-mutation';
import { STATE_LABELS } from './sign-off-display';
import { signOffMutations } from './sign-off-queries';
import { ReauthenticateDialog } from './reauthenticate-dialog';

/**
 * What came of a click on Approve or Deny, for the view to keep on screen:
 * the owner must see the outcome, and a losing click must say so rather than
 * silently vanish.
 */
export interface Settled {
  signOff: SignOffFieldsFragment;
  /** Somebody else decided first (another tab, session or the expiry): this click changed nothing. */
  lost: boolean;
}

/**
 * The note and the Approve / Deny buttons of one pending request, shared by
 * the Inbox and the request page: irreversible operations ask again, and the
 * answer (decided, or lost to an earlier decision) goes to `onSettled`.
 */
export function DecisionControls({ signOff, onSettled }: { signOff: SignOffFieldsFragment; onSettled: (entry: Settled) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [reauthenticating, setReauthenticating] = useState(false);
  const note = useRef<HTMLInputElement>(null);
  const decide = useResultMutation(signOffMutations.decide(), {
    onSuccess: (result) => onSettled({ signOff: result.signOff, lost: false }),
    onRefusal: (refusal) => {
      if (refusal.__typename === 'NotFound') return `${refusal.message} It may have been removed.`;
      // Only a batch answers NotBatchable; a single decision never does, but the union allows it.
      if (refusal.__typename === 'NotBatchable') return refusal.message;
      if (refusal.__typename === 'ReauthenticationRequired') {
        setReauthenticating(true);
        return null;
      }
      // Without the request as it stands, the stale copy stands in (its state then goes unnamed).
      onSettled({ signOff: refusal.signOff ?? signOff, lost: true });
      return null;
    },
  });
  const decideNow = (approve: boolean) => decide.mutate({ id: signOff.id, approve, note: note.current?.value.trim() || null });

  const approve = () => {
    if (!signOff.irreversible) {
      decideNow(true);
      return;
    }
    decide.reset();
    setConfirming(true);
  };

  const deciding = decide.pending ? (decide.variables?.approve ? 'approve' : 'deny') : undefined;
  const error = decide.refusal ?? (decide.failure === undefined ? undefined : `Deciding failed: ${decide.failure}`);
  return (
    <>
      {/* Not a form: Enter in the note must not decide anything. */}
      <div className="decision">
        <label className="grow">
          Note
          <input ref={note} name="note" maxLength={2000} autoComplete="off" placeholder="Optional; the agent can read it" />
        </label>
        <button type="button" onClick={approve} disabled={deciding !== undefined}>
          {deciding === 'approve' ? 'Approving…' : 'Approve'}
        </button>
        <button type="button" className="danger" onClick={() => decideNow(false)} disabled={deciding !== undefined}>
          {deciding === 'deny' ? 'Denying…' : 'Deny'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {reauthenticating && (
        <ReauthenticateDialog
          onCancel={() => setReauthenticating(false)}
          onDone={() => {
            setReauthenticating(false);
            decideNow(true);
          }}
        />
      )}
      {confirming && (
        <ConfirmIrreversibleDialog
          signOff={signOff}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            decideNow(true);
          }}
        />
      )}
    </>
  );
}

/** What a click on Approve or Deny came to, in one sentence: the outcome, or that an earlier decision won. */
export function SettledMessage({ signOff, lost }: Settled) {
  if (lost) {
    return (
      <p role="alert" className="error">
        Already decided{signOff.state === 'PENDING' ? '' : `: ${STATE_LABELS[signOff.state]}`}. It was settled before your click (in another tab or session, or
        it expired), so your decision changed nothing.
      </p>
    );
  }
  return <p role="status">{outcomeSentence(signOff)}</p>;
}

/** How a decided request reads, by where it stands now. */
export function outcomeSentence(signOff: SignOffFieldsFragment): string {
  switch (signOff.state) {
    case 'SUCCEEDED':
      return 'Approved. It ran and succeeded.';
    case 'FAILED':
      return 'Approved, but it failed; nothing was changed.';
    case 'DENIED':
      return 'Denied. Nothing ran.';
    case 'APPROVED':
      return 'Approved. It is still running; History will show the outcome.';
    case 'AWAITING_REDEEM':
      return 'Approved — waiting for the agent to redeem. History will show when it does and how it went.';
    case 'DELIVERING':
      return 'Approved. Delivering it to your webhook; History will show the attempts and the outcome.';
    default:
      return STATE_LABELS[signOff.state];
  }
}

/** What approving sets going, by who runs the operation. */
const RUNS_WHEN_APPROVED: Record<OperationRunner, string> = {
  SERVER: 'It runs as soon as you approve, with exactly the input shown.',
  AGENT: 'Once you approve, the agent may redeem its grant and do it, with exactly the input shown.',
  WEBHOOK: 'It is delivered to your webhook as soon as you approve, with exactly the input shown.',
};

function ConfirmIrreversibleDialog({ signOff, onCancel, onConfirm }: { signOff: SignOffFieldsFragment; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog title="Approve something irreversible?" confirmLabel="Yes, approve" danger onConfirm={onConfirm} onClose={onCancel}>
      <p>
        <strong>{signOff.description}</strong> cannot be undone. {RUNS_WHEN_APPROVED[signOff.operation.runner]}
      </p>
    </ConfirmDialog>
  );
}
