import { useState } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { isJsonObject, orderedSchemaFields } from '@countersign/effect';
import { FormDialog } from '../../shared/ui/form-dialog';
import { signOffMutations } from './sign-off-queries';
import { ReauthenticateDialog } from '../session/reauthenticate-dialog';
import { useDialogApproval, type ApprovalDialogProps } from './use-dialog-approval';

/** One top-level field as the owner edits it: text as typed for a string field, any other value as its JSON. */
interface EditedField {
  name: string;
  label: string;
  hint?: string;
  asText: boolean;
  text: string;
}

/** The fields of the request's input, in the order the request page shows them (the schema's, then any it let through). */
export function editableFields(signOff: Pick<SignOffFieldsFragment, 'input' | 'operation'>): EditedField[] {
  const input = isJsonObject(signOff.input) ? signOff.input : {};
  const fields = orderedSchemaFields(signOff.operation.inputSchema, signOff.operation.fieldOrder);
  const named = new Set(fields.map((field) => field.name));
  const all = [
    ...fields,
    ...Object.keys(input)
      .filter((name) => !named.has(name))
      .map((name) => ({ name, label: name, hint: undefined, type: undefined })),
  ];
  return all.map(({ name, label, hint, type }) => {
    const value = input[name];
    const asText = typeof value === 'string' || (value === undefined && type === 'string');
    return { name, label, hint, asText, text: value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value) };
  });
}

/**
 * The input the edited fields make: a string field as typed, any other as
 * JSON; a field left empty is left out. A problem names the field whose
 * JSON does not read.
 */
export function inputOf(fields: readonly EditedField[]): { input: Record<string, unknown> } | { problem: string } {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.text === '') continue;
    if (field.asText) {
      input[field.name] = field.text;
      continue;
    }
    try {
      input[field.name] = JSON.parse(field.text) as unknown;
    } catch {
      return { problem: `${field.label} is not a JSON value (a number, true or false, a list or an object).` };
    }
  }
  return { input };
}

/** An agent's request with input fields to change (S22): an owner-to-owner one is approved as proposed. */
export function offersChanges(signOff: SignOffFieldsFragment): boolean {
  return signOff.agent !== null && editableFields(signOff).length > 0;
}

/**
 * Approve with changes (docs/sign-offs.md, S22): the owner edits the
 * request's input field by field and approves their edit, which the server
 * judges against the operation's schema and assesses again (a higher risk
 * asks the password first). It is sent with the hash of the input the owner
 * saw, so an edit made meanwhile by another owner is refused, not overwritten.
 */
export function ApproveWithChangesDialog({ signOff, readNote, onCancel, onSettled }: ApprovalDialogProps) {
  const [fields, setFields] = useState(() => editableFields(signOff));
  const [password, setPassword] = useState(false);
  const approval = useDialogApproval(signOffMutations.decide(), {
    onSettled,
    refused: (refusal) => {
      if (refusal.__typename === 'ReauthenticationRequired') setPassword(true);
      return refusal.__typename === 'ReauthenticationRequired';
    },
  });
  const send = () =>
    approval.send(inputOf(fields), ({ input }) => ({ id: signOff.id, approve: true, note: readNote(), input, expectedInputHash: signOff.inputHash }));
  const edit = (index: number, text: string) => setFields((now) => now.map((one, at) => (at === index ? { ...one, text } : one)));

  if (password) {
    return (
      <ReauthenticateDialog
        reason="Your changes make this request high-risk: approving it needs your password again."
        onCancel={() => setPassword(false)}
        onDone={() => {
          setPassword(false);
          send();
        }}
      />
    );
  }
  return (
    <FormDialog
      title="Approve with changes"
      onSubmit={send}
      onCancel={onCancel}
      noValidate
      error={approval.error}
      submit={{ label: 'Approve with these changes', pendingLabel: 'Approving…', pending: approval.pending }}
    >
      <p>Change what the agent asked for, then approve your version: it is what runs. The agent is told that you changed it.</p>
      {fields.length === 0 ? (
        <p className="muted">This request has no input fields to change.</p>
      ) : (
        fields.map((field, index) => <EditedFieldInput key={field.name} field={field} onText={(text) => edit(index, text)} />)
      )}
    </FormDialog>
  );
}

/** One field to edit: a line for text, a box sized to the JSON for any other value. */
function EditedFieldInput({ field, onText }: { field: EditedField; onText: (text: string) => void }) {
  return (
    <label>
      {field.label}
      {field.asText ? (
        <input name={field.name} value={field.text} autoComplete="off" onChange={(event) => onText(event.target.value)} />
      ) : (
        <textarea
          name={field.name}
          value={field.text}
          rows={Math.min(6, Math.max(1, field.text.split('\n').length))}
          onChange={(event) => onText(event.target.value)}
        />
      )}
      {field.hint && <span className="hint-inline">{field.hint}</span>}
    </label>
  );
}
