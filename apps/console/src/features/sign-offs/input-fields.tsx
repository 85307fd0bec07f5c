import { useId } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { isJsonObject, orderedSchemaFields, type SchemaField } from '@countersign/effect';
import { showInvisibles } from '@countersign/manifest/invisible-characters';

/** What the fields need of a request: the input, its exact text, and the schema of the version it was asked under. */
type InputFieldsSource = Pick<SignOffFieldsFragment, 'input' | 'inputCanonical' | 'operation'>;

/**
 * A defined operation's input as the owner's own schema names it: each
 * top-level value under its property's `title` (or name), with its
 * `description` as a hint, and the exact canonical text one click away.
 * Values an agent chose show their invisible characters as escapes, as the
 * raw JSON does.
 */
export function InputFields({ signOff }: { signOff: InputFieldsSource }) {
  const input = isJsonObject(signOff.input) ? signOff.input : {};
  const fields = orderedSchemaFields(signOff.operation.inputSchema, signOff.operation.fieldOrder);
  const named = new Set(fields.map((field) => field.name));
  // Fields the schema names first, in the version's fieldOrder (else the schema's); then any it let through unnamed (additional properties), under their own names.
  const shown: Pick<SchemaField, 'name' | 'label' | 'hint'>[] = [
    ...fields.filter((field) => Object.hasOwn(input, field.name)),
    ...Object.keys(input)
      .filter((name) => !named.has(name))
      .map((name) => ({ name, label: showInvisibles(name) })),
  ];

  return (
    <div className="input-fields stack">
      {shown.length === 0 ? (
        <p className="muted">The input is empty.</p>
      ) : (
        <dl className="facts">
          {shown.map((field) => (
            <InputField key={field.name} label={field.label} hint={field.hint} value={input[field.name]} />
          ))}
        </dl>
      )}
      <details>
        <summary>Raw JSON</summary>
        <pre className="json" aria-label="Input" tabIndex={0}>
          {showInvisibles(signOff.inputCanonical)}
        </pre>
      </details>
    </div>
  );
}

/** One value, named by its label alone (the hint describes it), so assistive technology and tests find it by that name. */
function InputField({ label, hint, value }: { label: string; hint?: string; value: unknown }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={isJsonObject(value) || Array.isArray(value) ? 'wide-fact' : undefined}>
      <dt>
        <span id={labelId}>{label}</span>
        {hint && (
          <span id={hintId} className="hint-inline field-hint">
            {hint}
          </span>
        )}
      </dt>
      <dd aria-labelledby={labelId} aria-describedby={hint ? hintId : undefined}>
        <FieldValue value={value} />
      </dd>
    </div>
  );
}

/** Text as typed (line breaks kept), objects and lists as indented JSON, other values as their JSON literal. */
function FieldValue({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="field-value">{showInvisibles(value)}</span>;
  if (isJsonObject(value) || Array.isArray(value)) return <pre className="json">{showInvisibles(JSON.stringify(value, null, 2))}</pre>;
  return <code>{JSON.stringify(value)}</code>;
}
