import { useState } from 'react';
import type { DecideSignOffInput, DecideSignOffMutation, SignOffFieldsFragment } from '../../gql/graphql';
import { useResultMutation, type Refused, type ResultMutationOptions } from '../../shared/transport/use-result-mutation';
import { mutationError } from '../../shared/ui/mutation-error';

type DecisionAnswer = DecideSignOffMutation['decideSignOff'];

export interface DialogApprovalHandlers {
  /** The decision's outcome, as the Approve button reports it (`Settled` in decision-controls.tsx). */
  onSettled: (entry: { signOff: SignOffFieldsFragment; lost: boolean }) => void;
  /** Takes a refusal on itself before the usual handling (asking the password, say); answers whether it did. */
  refused?: (refusal: Refused<DecisionAnswer>) => boolean;
}

/** What the decision controls give each dialog that approves with more to say (allowing similar, with changes). */
export interface ApprovalDialogProps {
  signOff: SignOffFieldsFragment;
  /** The note typed beside the buttons, read when the owner confirms. */
  readNote: () => string | null;
  onCancel: () => void;
  onSettled: DialogApprovalHandlers['onSettled'];
}

/**
 * An approval sent from a dialog that asks something first (with changes,
 * allowing similar): its outcome goes to `onSettled` as the Approve button's
 * does, and a request closed meanwhile by another decision is reported as
 * lost, not as an error. What the owner filled in is checked before anything
 * is sent (`send`): a problem found is shown in place of the answer's error.
 */
export function useDialogApproval<TResult extends DecisionAnswer>(
  options: ResultMutationOptions<TResult, DecideSignOffInput>,
  { onSettled, refused }: DialogApprovalHandlers,
) {
  const [problem, setProblem] = useState<string>();
  const approval = useResultMutation(options, {
    onSuccess: (result) => onSettled({ signOff: result.signOff, lost: false }),
    onRefusal: (answer) => {
      const refusal = answer as Refused<DecisionAnswer>;
      if (refused?.(refusal)) return null;
      if (refusal.__typename === 'SignOffClosed') {
        onSettled({ signOff: refusal.signOff, lost: true });
        return null;
      }
      return refusal.message;
    },
  });
  /** Sends the approval made of what `checked` holds, or shows why it cannot be made. */
  const send = <T extends object>(checked: T | { problem: string }, input: (ok: T) => DecideSignOffInput) => {
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    approval.mutate(input(checked));
  };
  return { send, pending: approval.pending, error: problem ?? mutationError(approval, 'Approving') };
}
