import { useId, useState, type FormEvent } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { ruleMutations } from './rule-queries';
import { DEFAULT_RULE_CAP, DEFAULT_RULE_DAYS, fieldChoices, MAX_RULE_DAYS, prefill, termsOf, type FieldChoice, type FieldChoiceKind } from './rule-terms-form';
import { requesterName } from './sign-off-display';
import './remember-dialog.css';

const KIND_LABELS: Record<FieldChoiceKind, string> = {
  any: 'Any value',
  equals: 'Exactly this',
  oneOf: 'One of',
  atMost: 'At most',
  prefix: 'Starts with',
};

/**
 * "Approve and allow similar" (docs/sign-offs.md, S19): approves this
 * request and, in the same decision, lets the agent's later requests for
 * the same operation (and repository) through without asking, when each
 * top-level field fits the owner's choice — prefilled with this request's
 * own value — up to a cap and until an end at most 30 days away. Offered
 * for requests that are not HIGH risk (the server refuses those anyway).
 */
export function RememberDialog({
  signOff,
  readNote,
  onCancel,
  onSettled,
}: {
  signOff: SignOffFieldsFragment;
  /** The note typed beside the buttons, read when the owner confirms. */
  readNote: () => string | null;
  onCancel: () => void;
  /** The decision's outcome, as the Approve button reports it (`Settled` in decision-controls.tsx). */
  onSettled: (entry: { signOff: SignOffFieldsFragment; lost: boolean }) => void;
}) {
  const [choices, setChoices] = useState<FieldChoice[]>(() => fieldChoices(signOff.input));
  const [cap, setCap] = useState(String(DEFAULT_RULE_CAP));
  const [days, setDays] = useState(String(DEFAULT_RULE_DAYS));
  const [problem, setProblem] = useState<string>();
  const ids = { cap: useId(), days: useId() };
  const remember = useResultMutation(ruleMutations.approveAndRemember(), {
    onSuccess: (result) => {
      if (result.__typename === 'SignOffDecided') onSettled({ signOff: result.signOff, lost: false });
    },
    onRefusal: (refusal) => {
      if (refusal.__typename === 'SignOffClosed') {
        onSettled({ signOff: refusal.signOff, lost: true });
        return null;
      }
      return refusal.message;
    },
  });

  const choose = (index: number, kind: FieldChoiceKind) =>
    setChoices((now) => now.map((choice, at) => (at === index ? { ...choice, kind, text: prefill(kind, choice.value) } : choice)));
  const write = (index: number, text: string) => setChoices((now) => now.map((choice, at) => (at === index ? { ...choice, text } : choice)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const terms = termsOf(choices, Number(cap), Number(days), new Date());
    if ('problem' in terms) {
      setProblem(terms.problem);
      return;
    }
    setProblem(undefined);
    remember.mutate({ id: signOff.id, approve: true, note: readNote(), remember: terms });
  };

  const shown = problem ?? remember.refusal ?? (remember.failure === undefined ? undefined : `Approving failed: ${remember.failure}`);
  return (
    <ModalDialog title="Approve and allow similar" onClose={onCancel}>
      <form className="stack remember-form" onSubmit={submit} noValidate>
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
        {choices.length === 0 ? (
          <p className="muted">This operation takes no input fields: every such request would be allowed.</p>
        ) : (
          <table className="remember-fields">
            <caption className="visually-hidden">What later requests may hold, field by field</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">This request</th>
                <th scope="col">Later requests</th>
              </tr>
            </thead>
            <tbody>
              {choices.map((choice, index) => (
                <FieldRow key={choice.field} choice={choice} onKind={(kind) => choose(index, kind)} onText={(text) => write(index, text)} />
              ))}
            </tbody>
          </table>
        )}
        <div className="remember-terms">
          <label htmlFor={ids.cap}>Allow up to</label>
          <input id={ids.cap} name="cap" type="number" min={1} max={1000} size={5} value={cap} onChange={(event) => setCap(event.target.value)} />
          <span>requests,</span>
          <label htmlFor={ids.days}>for</label>
          <input id={ids.days} name="days" type="number" min={1} max={MAX_RULE_DAYS} size={4} value={days} onChange={(event) => setDays(event.target.value)} />
          <span>days (at most {MAX_RULE_DAYS}).</span>
        </div>
        {shown && (
          <p role="alert" className="error">
            {shown}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" disabled={remember.pending}>
            {remember.pending ? 'Approving…' : 'Approve and allow'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** One field: its value in this request, the choice for later ones, and the text a choice needs. */
function FieldRow({ choice, onKind, onText }: { choice: FieldChoice; onKind: (kind: FieldChoiceKind) => void; onText: (text: string) => void }) {
  const selectId = useId();
  const textId = useId();
  const needsText = choice.kind === 'oneOf' || choice.kind === 'atMost' || choice.kind === 'prefix';
  return (
    <tr>
      <th scope="row">
        <label htmlFor={selectId}>{choice.field}</label>
      </th>
      <td>
        <code>{JSON.stringify(choice.value)}</code>
      </td>
      <td>
        <div className="inline-form">
          <select id={selectId} value={choice.kind} onChange={(event) => onKind(event.target.value as FieldChoiceKind)}>
            {choice.kinds.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          {needsText && (
            <>
              <label htmlFor={textId} className="visually-hidden">
                {`${choice.field}: ${KIND_LABELS[choice.kind]}`}
              </label>
              <input
                id={textId}
                type={choice.kind === 'atMost' ? 'number' : 'text'}
                value={choice.text}
                placeholder={choice.kind === 'oneOf' ? 'a, b, c' : undefined}
                onChange={(event) => onText(event.target.value)}
              />
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
