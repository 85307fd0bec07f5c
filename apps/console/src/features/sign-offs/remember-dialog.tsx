import { useState } from 'react';
import { FormDialog } from '../../shared/ui/form-dialog';
import { ruleMutations } from './rule-queries';
import { DEFAULT_RULE_CAP, DEFAULT_RULE_DAYS, fieldChoices, prefill, termsOf, type FieldChoice } from './rule-terms-form';
import { FieldChoicesTable, RuleLimits } from './remember-fields';
import { requesterName } from './sign-off-display';
import { useDialogApproval, type ApprovalDialogProps } from './use-dialog-approval';
import './remember-dialog.css';

/**
 * "Approve and allow similar" (docs/sign-offs.md, S19): approves this
 * request and, in the same decision, lets the agent's later requests for
 * the same operation (and repository) through without asking, when each
 * top-level field fits the owner's choice — prefilled with this request's
 * own value — up to a cap and until an end at most 30 days away. Offered
 * for requests that are not HIGH risk (the server refuses those anyway).
 */
export function RememberDialog({ signOff, readNote, onCancel, onSettled }: ApprovalDialogProps) {
  const [choices, setChoices] = useState<FieldChoice[]>(() => fieldChoices(signOff.input));
  const [cap, setCap] = useState(String(DEFAULT_RULE_CAP));
  const [days, setDays] = useState(String(DEFAULT_RULE_DAYS));
  const approval = useDialogApproval(ruleMutations.approveAndRemember(), { onSettled });

  const change = (index: number, update: (choice: FieldChoice) => FieldChoice) =>
    setChoices((now) => now.map((choice, at) => (at === index ? update(choice) : choice)));
  const submit = () =>
    approval.send(termsOf(choices, Number(cap), Number(days), new Date()), (terms) => ({ id: signOff.id, approve: true, note: readNote(), remember: terms }));

  return (
    <FormDialog
      title="Approve and allow similar"
      onSubmit={submit}
      onCancel={onCancel}
      className="remember-form"
      noValidate
      error={approval.error}
      submit={{ label: 'Approve and allow', pendingLabel: 'Approving…', pending: approval.pending }}
    >
      <p>
        Approve this request, and let <strong>{requesterName(signOff)}</strong> run <code>{signOff.op}</code>
        {signOff.repository ? (
          <>
            {' '}
            on <strong>{signOff.repository.name}</strong>
          </>
        ) : null}{' '}
        again without asking you, when its input fits what you choose below. High-risk requests always wait for you.
      </p>
      <FieldChoicesTable
        choices={choices}
        onKind={(index, kind) => change(index, (choice) => ({ ...choice, kind, text: prefill(kind, choice.value) }))}
        onText={(index, text) => change(index, (choice) => ({ ...choice, text }))}
      />
      <RuleLimits cap={cap} days={days} onCap={setCap} onDays={setDays} />
    </FormDialog>
  );
}
