import type { SignOffFieldsFragment } from '../../gql/graphql';
import { isJsonObject, orderedSchemaFields } from '@countersign/effect';
import { showInvisibles } from '@countersign/manifest/invisible-characters';

/** One top-level field whose value an owner changed: what the agent asked, and what is approved (absent: left out). */
export interface InputChange {
  name: string;
  label: string;
  asked: unknown;
  approved: unknown;
}

/** The fields an owner's edit changed, in the order the request shows its fields; a whole input when either is no object. */
export function inputChanges(signOff: Pick<SignOffFieldsFragment, 'input' | 'requestedInput' | 'operation'>): InputChange[] {
  const { input, requestedInput } = signOff;
  if (!isJsonObject(input) || !isJsonObject(requestedInput)) {
    return JSON.stringify(input) === JSON.stringify(requestedInput) ? [] : [{ name: '', label: 'Input', asked: requestedInput, approved: input }];
  }
  const labels = new Map(orderedSchemaFields(signOff.operation.inputSchema, signOff.operation.fieldOrder).map((field) => [field.name, field.label]));
  const names = [...new Set([...labels.keys(), ...Object.keys(requestedInput), ...Object.keys(input)])];
  // Both are canonical (keys sorted at every depth), so equal values print the same.
  return names
    .filter((name) => JSON.stringify(requestedInput[name]) !== JSON.stringify(input[name]))
    .map((name) => ({ name, label: labels.get(name) ?? showInvisibles(name), asked: requestedInput[name], approved: input[name] }));
}

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <em>left out</em>;
  if (typeof value === 'string') return <span className="field-value">{showInvisibles(value)}</span>;
  return <code>{showInvisibles(JSON.stringify(value))}</code>;
}

/**
 * What an owner changed of the agent's request (docs/sign-offs.md, S22),
 * field by field: what was asked beside what is approved, so the next owner
 * approves the edit knowing it is one, and History shows it.
 */
export function InputChanges({ signOff }: { signOff: SignOffFieldsFragment }) {
  if (!signOff.changedByOwner) return null;
  const changes = inputChanges(signOff);
  return (
    <section className="input-changes stack" aria-label="Changed by an owner">
      <p>
        <strong>Changed by an owner:</strong> what runs is not what the agent asked.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">The agent asked</th>
            <th scope="col">Approved</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.name}>
              <th scope="row">{change.label}</th>
              <td>
                <del>
                  <Value value={change.asked} />
                </del>
              </td>
              <td>
                <ins>
                  <Value value={change.approved} />
                </ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
