import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { gestureFor } from './approval-gesture';
import type { Effect } from '@countersign/effect';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { mutationError } from '../../shared/ui/mutation-error';
import { requesterName, STATE_LABELS } from './sign-off-display';
import { signOffMutations } from './sign-off-queries';
import { useApprovedByViewer } from './approvals-line';
import { DecisionButtons, DecisionNote } from './decision-buttons';
import { DecisionDialog, type Asking } from './decision-dialogs';

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

export interface DecisionControlsProps {
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
export function DecisionControls({ signOff, effect, onSettled, held = false, andNext = false, onKeyDecision, ref }: DecisionControlsProps) {
  const [asking, setAsking] = useState<Asking>();
  const [denyOnEnter, setDenyOnEnter] = useState(false);
  const note = useRef<HTMLInputElement>(null);
  const approveButton = useRef<HTMLButtonElement>(null);
  const gesture = gestureFor(signOff.risk, effect, requesterName(signOff));
  // The first approver of a two-person request cannot give the second (S20): Approve gives way to where it stands; Deny stays.
  const approvedByViewer = useApprovedByViewer(signOff);
  const decide = useDecide(signOff, { onSettled, askPassword: () => setAsking('password') });
  const readNote = () => note.current?.value.trim() || null;
  // An approval names the input the owner saw, so one that another owner changed meanwhile is refused, not approved unseen (S22).
  const decision = (approve: boolean): KeyDecision => ({ approve, note: readNote(), ...(approve ? { expectedInputHash: signOff.inputHash } : {}) });
  const decideNow = (approve: boolean) => decide.mutate({ id: signOff.id, ...decision(approve) });
  /** A decision by key: a low-risk one is handed over to be held for Undo when the Inbox asks for that, else it is sent now. */
  const decideByKey = (approve: boolean) => {
    if (onKeyDecision === undefined || signOff.risk !== 'LOW') decideNow(approve);
    else onKeyDecision(decision(approve));
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
  const error = mutationError(decide, 'Deciding');
  const close = () => setAsking(undefined);
  return (
    <>
      {/* Not a form: Enter in the note decides nothing, unless the owner pressed d to deny and is writing the denial's note. */}
      <div className="decision">
        <DecisionNote
          ref={note}
          denyOnEnter={denyOnEnter}
          blocked={deciding !== undefined || held}
          onEndDenyOnEnter={() => setDenyOnEnter(false)}
          onDeny={() => decideByKey(false)}
        />
        <DecisionButtons
          {...{ signOff, approvedByViewer, deciding, held, andNext, approveRef: approveButton, onAsk: ask }}
          onApprove={() => approve()}
          onDeny={() => {
            if (!held) decideNow(false);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <DecisionDialog
        {...{ asking, signOff, effect, gesture, readNote, onClose: close, onSettled }}
        onApprove={() => {
          close();
          decideNow(true);
        }}
      />
    </>
  );
}

/**
 * The decision the Approve and Deny buttons send. A refusal is worded for the
 * owner, or asks for the password, or, when an earlier decision won, reports
 * the click as lost through `onSettled`.
 */
function useDecide(signOff: SignOffFieldsFragment, { onSettled, askPassword }: { onSettled: (entry: Settled) => void; askPassword: () => void }) {
  return useResultMutation(signOffMutations.decide(), {
    onSuccess: (result) => onSettled({ signOff: result.signOff, lost: false }),
    onRefusal: (refusal) => {
      if (refusal.__typename === 'NotFound') return `${refusal.message} It may have been removed.`;
      // Only a batch answers NotBatchable; a single decision never does, but the union allows it.
      if (refusal.__typename === 'NotBatchable') return refusal.message;
      if (refusal.__typename === 'ReauthenticationRequired') {
        askPassword();
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
