import { useId, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import type { OperationRunner, SignOffFieldsFragment } from '../../gql/graphql';
import { ConfirmDialog, ModalDialog } from '../../shared/ui/modal-dialog';
import { amountHint, confirms, gestureFor, type Gesture } from './approval-gesture';
import type { Effect } from '@countersign/effect';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { requesterName, STATE_LABELS } from './sign-off-display';
import { signOffMutations } from './sign-off-queries';
import { ReauthenticateDialog } from '../session/reauthenticate-dialog';
import { RememberDialog } from './remember-dialog';
import { offersRemember } from './rule-terms-form';
import { useApprovedByViewer } from './approvals-line';
import { ApproveWithChangesDialog, editableFields } from './approve-with-changes-dialog';

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

/** A low-risk decision made by key, handed to the Inbox to hold for Undo instead of being sent at once (UI5). */
export interface KeyDecision {
  approve: boolean;
  note: string | null;
  /** An approval names the input the owner saw (S22). */
  expectedInputHash?: string;
}

/** What the Inbox's keyboard asks of the request it has open: `a` approves (through the risk's gesture), `d` readies a denial. */
export interface DecisionHandle {
  /** `byKey`: the owner pressed `a`; a low-risk approval then goes to `onKeyDecision`, when given, to be held for Undo. */
  approve: (how?: { byKey: boolean }) => void;
  /** Puts the focus in the note, where Enter then denies. */
  readyDenial: () => void;
  /** Puts the focus on Approve, deciding nothing: the owner's own press does (a notification's Approve action, UI11). */
  focusApprove: () => void;
}

/**
 * The note and the Approve / Deny buttons of one pending request, shared by
 * the Inbox and the request page. Approving takes the gesture the request's
 * risk asks for (`gestureFor`): a click, a confirmation stating the effect,
 * or typing what it acts on — then, for HIGH, the password when the session
 * has not proved it lately. The answer (decided, or lost to an earlier
 * decision) goes to `onSettled`. `effect` is the request's described
 * effect, worked out once by the view that chose the request.
 */
export function DecisionControls({
  signOff,
  effect,
  onSettled,
  held = false,
  andNext = false,
  onKeyDecision,
  ref,
}: {
  signOff: SignOffFieldsFragment;
  effect: Effect;
  onSettled: (entry: Settled) => void;
  /** The Inbox opened this request for the owner a moment ago (after a decision, say): Approve and Deny do nothing yet (UI5). */
  held?: boolean;
  /** On a phone's request page, deciding moves on to the next request: the buttons say so ("Approve & next", UI7). */
  andNext?: boolean;
  /** Given by the Inbox: a low-risk decision made by key (`a`, or Enter in the note after `d`) comes here to be held for Undo, unsent. */
  onKeyDecision?: (decision: KeyDecision) => void;
  ref?: Ref<DecisionHandle>;
}) {
  const [asking, setAsking] = useState<'confirm' | 'type' | 'password' | 'remember' | 'changes'>();
  const [denyOnEnter, setDenyOnEnter] = useState(false);
  const note = useRef<HTMLInputElement>(null);
  const approveButton = useRef<HTMLButtonElement>(null);
  const gesture = gestureFor(signOff.risk, effect, requesterName(signOff));
  // The first approver of a two-person request cannot give the second (S20): Approve gives way to where it stands; Deny stays.
  const approvedByViewer = useApprovedByViewer(signOff);
  const decide = useResultMutation(signOffMutations.decide(), {
    onSuccess: (result) => onSettled({ signOff: result.signOff, lost: false }),
    onRefusal: (refusal) => {
      if (refusal.__typename === 'NotFound') return `${refusal.message} It may have been removed.`;
      // Only a batch answers NotBatchable; a single decision never does, but the union allows it.
      if (refusal.__typename === 'NotBatchable') return refusal.message;
      if (refusal.__typename === 'ReauthenticationRequired') {
        setAsking('password');
        return null;
      }
      // The two-person rule (docs/sign-offs.md, S20): this owner gave the first approval; the request is still waiting.
      if (refusal.__typename === 'SecondApproverRequired') return SECOND_APPROVER_REQUIRED;
      // Another owner changed the input since it was read (an approval with changes, S22): nothing was decided; the page reads it again.
      if (refusal.__typename === 'InputMismatch') return refusal.message;
      // Without the request as it stands, the stale copy stands in (its state then goes unnamed).
      onSettled({ signOff: refusal.signOff ?? signOff, lost: true });
      return null;
    },
  });
  // An approval names the input the owner saw, so one that another owner changed meanwhile is refused, not approved unseen (S22).
  const decideNow = (approve: boolean) =>
    decide.mutate({ id: signOff.id, approve, note: note.current?.value.trim() || null, ...(approve ? { expectedInputHash: signOff.inputHash } : {}) });
  /** A decision by key: a low-risk one is handed over to be held for Undo when the Inbox asks for that, else it is sent now. */
  const decideByKey = (approve: boolean) => {
    if (onKeyDecision === undefined || signOff.risk !== 'LOW') decideNow(approve);
    else onKeyDecision({ approve, note: note.current?.value.trim() || null, ...(approve ? { expectedInputHash: signOff.inputHash } : {}) });
  };

  /** Opens one of the approvals that ask something first (the remember dialog, the edit), unless the request is held. */
  const ask = (what: 'remember' | 'changes') => {
    if (held) return;
    decide.reset();
    setAsking(what);
  };
  const approve = ({ byKey = false } = {}) => {
    if (decide.pending || held || approvedByViewer) return;
    if (gesture.kind === 'click') {
      if (byKey) decideByKey(true);
      else decideNow(true);
      return;
    }
    decide.reset();
    setAsking(gesture.kind);
  };
  useImperativeHandle(ref, () => ({
    approve,
    readyDenial: () => {
      if (held) return;
      setDenyOnEnter(true);
      note.current?.focus();
    },
    focusApprove: () => approveButton.current?.focus(),
  }));

  const deciding = decide.pending ? (decide.variables?.approve ? 'approve' : 'deny') : undefined;
  const error = decide.refusal ?? (decide.failure === undefined ? undefined : `Deciding failed: ${decide.failure}`);
  const close = () => setAsking(undefined);
  const approveAfterAsking = () => {
    close();
    decideNow(true);
  };
  return (
    <>
      {/* Not a form: Enter in the note decides nothing, unless the owner pressed d to deny and is writing the denial's note. */}
      <div className="decision">
        <label className="grow">
          {denyOnEnter ? 'Note (Enter denies)' : 'Note'}
          <input
            ref={note}
            name="note"
            maxLength={2000}
            autoComplete="off"
            placeholder="Optional; the agent can read it"
            onBlur={() => setDenyOnEnter(false)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDenyOnEnter(false);
              if (event.key === 'Enter' && denyOnEnter && !deciding && !held) {
                event.preventDefault();
                decideByKey(false);
              }
            }}
          />
        </label>
        {approvedByViewer ? (
          <span role="status">You approved · waiting for another owner</span>
        ) : (
          <button ref={approveButton} type="button" onClick={() => approve()} disabled={deciding !== undefined} aria-disabled={held || undefined}>
            {deciding === 'approve' ? 'Approving…' : andNext ? 'Approve & next' : 'Approve'}
          </button>
        )}
        {!approvedByViewer && offersRemember(signOff) && (
          <button type="button" className="secondary" onClick={() => ask('remember')} disabled={deciding !== undefined} aria-disabled={held || undefined}>
            Approve and allow similar…
          </button>
        )}
        {!approvedByViewer && offersChanges(signOff) && (
          <button type="button" className="secondary" onClick={() => ask('changes')} disabled={deciding !== undefined} aria-disabled={held || undefined}>
            Approve with changes…
          </button>
        )}
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (!held) decideNow(false);
          }}
          disabled={deciding !== undefined}
          aria-disabled={held || undefined}
        >
          {deciding === 'deny' ? 'Denying…' : andNext ? 'Deny & next' : 'Deny'}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {asking === 'password' && <ReauthenticateDialog onCancel={close} onDone={approveAfterAsking} />}
      {asking === 'remember' && (
        <RememberDialog
          signOff={signOff}
          readNote={() => note.current?.value.trim() || null}
          onCancel={close}
          onSettled={(entry) => {
            close();
            onSettled(entry);
          }}
        />
      )}
      {asking === 'changes' && (
        <ApproveWithChangesDialog
          signOff={signOff}
          readNote={() => note.current?.value.trim() || null}
          onCancel={close}
          onSettled={(entry) => {
            close();
            onSettled(entry);
          }}
        />
      )}
      {asking === 'confirm' && (
        <ConfirmDialog title="Approve this request?" confirmLabel="Yes, approve" onConfirm={approveAfterAsking} onClose={close}>
          <p>
            <strong>{asSentence(effect.sentence)}</strong> {RUNS_WHEN_APPROVED[signOff.operation.runner]}
          </p>
          <RiskReasons reasons={signOff.riskReasons} />
        </ConfirmDialog>
      )}
      {asking === 'type' && gesture.kind === 'type' && (
        <TypeToApproveDialog signOff={signOff} effect={effect.sentence} gesture={gesture} onCancel={close} onConfirm={approveAfterAsking} />
      )}
    </>
  );
}

/** The answer to a second approval by the owner who gave the first: nothing changed, and who must act now. */
export const SECOND_APPROVER_REQUIRED =
  'You have approved this already. It needs a second approval from another owner of this workspace before it runs; nothing changed. You can still deny it.';

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

/** A decision in one line, for the Inbox's collapsed row and its toast: the outcome, or that an earlier decision won. */
export function settledSentence({ signOff, lost }: Settled): string {
  if (!lost) return outcomeSentence(signOff);
  return `Already decided${signOff.state === 'PENDING' ? '' : `: ${STATE_LABELS[signOff.state]}`}. Your decision changed nothing.`;
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
    case 'PARTIALLY_APPROVED':
      return 'Approved once. It needs a second owner’s approval before it runs; it stays in every owner’s Inbox until then.';
    default:
      return STATE_LABELS[signOff.state];
  }
}

/** The effect ends a sentence once: a description that already has its full stop keeps just the one. */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What approving sets going, by who runs the operation. */
const RUNS_WHEN_APPROVED: Record<OperationRunner, string> = {
  SERVER: 'It runs as soon as you approve, with exactly the input shown.',
  AGENT: 'Once you approve, the agent may redeem its grant and do it, with exactly the input shown.',
  WEBHOOK: 'It is delivered to your webhook as soon as you approve, with exactly the input shown.',
};

/** Why a request is not low risk, as the server assessed it when it was stored. */
export function RiskReasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="risk-reasons">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

/**
 * The gesture for a HIGH request: the owner types the target's name (or
 * the amount) before Approve is possible, so a reflex click or a stray key
 * cannot approve what cannot be taken back.
 */
function TypeToApproveDialog({
  signOff,
  effect,
  gesture,
  onCancel,
  onConfirm,
}: {
  signOff: SignOffFieldsFragment;
  effect: string;
  gesture: Extract<Gesture, { kind: 'type' }>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const matches = confirms(gesture, typed);
  // "100000" for €100,000.00 keeps Approve disabled: the dialog says why rather than nothing (issue 26, item 6).
  const hint = amountHint(gesture, typed);
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) onConfirm();
  };
  return (
    <ModalDialog title="Approve a high-risk request?" onClose={onCancel}>
      <form onSubmit={submit} className="stack">
        <p>
          <strong>{asSentence(effect)}</strong> {signOff.irreversible ? 'It cannot be undone. ' : ''}
          {RUNS_WHEN_APPROVED[signOff.operation.runner]}
        </p>
        <RiskReasons reasons={signOff.riskReasons} />
        <label htmlFor={typedId}>
          Type <strong className="phrase">{gesture.phrase}</strong> to approve{gesture.what === 'amount' ? ' (the digits are enough)' : ''}
        </label>
        <input
          id={typedId}
          name="confirmation"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={typed}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        {hint && (
          <p id={hintId} role="status" className="error">
            {hint}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={!matches}>
            Approve
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** An agent's request with input fields to change (S22): an owner-to-owner one is approved as proposed. */
function offersChanges(signOff: SignOffFieldsFragment): boolean {
  return signOff.agent !== null && editableFields(signOff).length > 0;
}
