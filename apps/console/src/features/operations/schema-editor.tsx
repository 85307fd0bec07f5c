import { useId } from 'react';
import { schemaFields, type SchemaField } from '@countersign/effect';
import type { SchemaCheck } from './json-schema';

export interface SchemaEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** What `checkSchemaText` made of `value`, worked out once by the form. */
  check: SchemaCheck;
}

/**
 * The input schema as JSON text, checked on every keystroke: the problem
 * shows under the text as it is typed, and the example form beside it shows
 * what the owner will read in the Inbox for each top-level property.
 */
export function SchemaEditor({ value, onChange, check }: SchemaEditorProps) {
  const problemId = useId();
  const hintId = useId();
  const problem = 'problem' in check ? check.problem : undefined;
  return (
    <div className="schema-editor">
      <div className="field">
        <label>
          Input schema
          <textarea
            className="mono"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            rows={16}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${hintId} ${problemId}`}
          />
        </label>
        <span id={hintId} className="hint-inline">
          JSON Schema (draft-07 or 2020-12, by its <code>$schema</code>); the root is an object schema. Titles and descriptions label the fields in your Inbox.
        </span>
        {/* Polite, not an alert: it changes with every keystroke. */}
        <p id={problemId} className={problem ? 'error small' : 'ok small'} aria-live="polite">
          {problem ?? 'The schema parses.'}
        </p>
      </div>
      <ExampleForm fields={'schema' in check ? schemaFields(check.schema) : undefined} />
    </div>
  );
}

/** The schema's top-level properties as the form an input would fill, disabled: a preview, not something to submit. */
function ExampleForm({ fields }: { fields: SchemaField[] | undefined }) {
  return (
    <fieldset className="example-form" disabled>
      <legend>Example form</legend>
      {fields === undefined ? (
        <p className="muted small">It appears once the schema parses.</p>
      ) : fields.length === 0 ? (
        <p className="muted small">
          The schema names no properties yet: add them under <code>properties</code>.
        </p>
      ) : (
        <div className="stack">
          {fields.map((field) => (
            <ExampleField key={field.name} field={field} />
          ))}
        </div>
      )}
    </fieldset>
  );
}

function ExampleField({ field }: { field: SchemaField }) {
  const hintId = useId();
  const describedBy = field.hint ? hintId : undefined;
  const hint = field.hint && (
    <span id={hintId} className="hint-inline">
      {field.hint}
    </span>
  );
  if (field.type === 'boolean')
    return (
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" disabled aria-describedby={describedBy} />
          {field.label}
        </label>
        {hint}
      </div>
    );
  return (
    <div className="field">
      <label>
        {field.label}
        <ExampleControl field={field} describedBy={describedBy} />
      </label>
      {hint}
    </div>
  );
}

/** The control a value of this type would be typed into: a choice for an `enum`, a number, JSON text for objects and lists, else text. */
function ExampleControl({ field, describedBy }: { field: SchemaField; describedBy: string | undefined }) {
  if (field.choices)
    return (
      <select disabled aria-describedby={describedBy}>
        {field.choices.map((choice, index) => (
          // By position: an enum may list equal values, and the list never reorders.
          <option key={index}>{typeof choice === 'string' ? choice : JSON.stringify(choice)}</option>
        ))}
      </select>
    );
  if (field.type === 'object' || field.type === 'array')
    return <textarea className="mono" rows={2} disabled aria-describedby={describedBy} placeholder={field.type === 'array' ? '[ … ]' : '{ … }'} />;
  const numeric = field.type === 'number' || field.type === 'integer';
  return <input type={numeric ? 'number' : 'text'} disabled aria-describedby={describedBy} placeholder={field.type} />;
}
