import { useId, useState } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { FormDialog } from '../../shared/ui/form-dialog';
import { amountHint, confirms, type Gesture } from './approval-gesture';
import { ApprovalStakes } from './approval-stakes';

/**
 * The gesture for a HIGH request: the owner types the target's name (or
 * the amount) before Approve is possible, so a reflex click or a stray key
 * cannot approve what cannot be taken back.
 */
export function TypeToApproveDialog({
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
  return (
    <FormDialog
      title="Approve a high-risk request?"
      onSubmit={() => {
        if (matches) onConfirm();
      }}
      onCancel={onCancel}
      submit={{ label: 'Approve', danger: true, disabled: !matches }}
    >
      <ApprovalStakes signOff={signOff} effect={effect} sayIrreversible />
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
    </FormDialog>
  );
}
