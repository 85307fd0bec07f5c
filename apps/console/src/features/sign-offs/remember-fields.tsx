import { useId } from 'react';
import { MAX_RULE_DAYS, type FieldChoice, type FieldChoiceKind } from './rule-terms-form';

const KIND_LABELS: Record<FieldChoiceKind, string> = {
  any: 'Any value',
  equals: 'Exactly this',
  oneOf: 'One of',
  atMost: 'At most',
  prefix: 'Starts with',
};

/** Field by field, what this request holds beside what later requests may hold; an operation without input says every request would fit. */
export function FieldChoicesTable({
  choices,
  onKind,
  onText,
}: {
  choices: readonly FieldChoice[];
  onKind: (index: number, kind: FieldChoiceKind) => void;
  onText: (index: number, text: string) => void;
}) {
  if (choices.length === 0) return <p className="muted">This operation takes no input fields: every such request would be allowed.</p>;
  return (
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
          <FieldRow key={choice.field} choice={choice} onKind={(kind) => onKind(index, kind)} onText={(text) => onText(index, text)} />
        ))}
      </tbody>
    </table>
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

/** How many requests the rule lets through, and for how many days. */
export function RuleLimits({ cap, days, onCap, onDays }: { cap: string; days: string; onCap: (cap: string) => void; onDays: (days: string) => void }) {
  const ids = { cap: useId(), days: useId() };
  return (
    <div className="remember-terms">
      <label htmlFor={ids.cap}>Allow up to</label>
      <input id={ids.cap} name="cap" type="number" min={1} max={1000} size={5} value={cap} onChange={(event) => onCap(event.target.value)} />
      <span>requests,</span>
      <label htmlFor={ids.days}>for</label>
      <input id={ids.days} name="days" type="number" min={1} max={MAX_RULE_DAYS} size={4} value={days} onChange={(event) => onDays(event.target.value)} />
      <span>days (at most {MAX_RULE_DAYS}).</span>
    </div>
  );
}
