import { useId, useMemo, useState, type FormEvent } from 'react';
import type { DefineOperationMutation, OperationFieldsFragment } from '../../gql/graphql';
import { useResultMutation, type Succeeded } from '../../shared/transport/use-result-mutation';
import { ErrorAlert, SubmitButton } from '../../shared/ui/form-feedback';
import { OperationBasicsFields, OperationFlags, PresentationFields, WebhookFields, type DefineFieldsProps } from './define-operation-fields';
import { buildInput, EMPTY_FORM, valuesOf, type DefineFormValues } from './define-operation-values';
import { checkSchemaText } from './json-schema';
import { operationMutations } from './operation-queries';
import { SchemaEditor } from './schema-editor';

/** What a definition answers: the operation as defined (or unchanged), and its webhook secret when this call made one. */
export type Defined = Succeeded<DefineOperationMutation['defineOperation']>;

export interface DefineOperationFormProps {
  /** The version a "New version" starts from; absent for a new operation. */
  base?: OperationFieldsFragment;
  onDefined: (defined: Defined) => void;
  onCancel: () => void;
}

/**
 * Defines an operation, or the next version of one. Only what keeps the
 * request from being built is checked here (a schema that does not parse, an
 * empty name or summary, a webhook without its URL); the API judges the rest
 * (name rules, schema compilation, URL rules) and its refusal shows as it
 * words it.
 */
export function DefineOperationForm({ base, onDefined, onCancel }: DefineOperationFormProps) {
  const headingId = useId();
  const [values, setValues] = useState<DefineFormValues>(() => (base ? valuesOf(base) : EMPTY_FORM));
  const [problem, setProblem] = useState<string>();
  const schemaCheck = useMemo(() => checkSchemaText(values.schemaText), [values.schemaText]);
  const define = useResultMutation(operationMutations.define(), { onSuccess: onDefined });
  const set: DefineFieldsProps['set'] = (field, value) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    define.reset();
    const built = buildInput(values, schemaCheck);
    if (typeof built === 'string') {
      setProblem(built);
      return;
    }
    setProblem(undefined);
    define.mutate(built);
  };

  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>{base ? `New version of ${base.op}` : 'Define an operation'}</h2>
      {base && <p className="muted">Version {base.version} stays as it is: requests asked under it are judged and run by it. Agents ask under the new one.</p>}
      {/* noValidate: the API's rules explain themselves better than the browser's bubbles. */}
      <form className="issue-form" onSubmit={submit} noValidate>
        <OperationBasicsFields values={values} set={set} readOnlyName={base !== undefined} />
        <PresentationFields values={values} set={set} />
        {values.runner === 'WEBHOOK' && <WebhookFields values={values} set={set} />}
        <OperationFlags values={values} set={set} />
        <SchemaEditor value={values.schemaText} onChange={(schemaText) => set('schemaText', schemaText)} check={schemaCheck} />
        <ErrorAlert message={problem ?? define.error} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton label="Define" pendingLabel="Defining…" pending={define.pending} />
        </div>
      </form>
    </section>
  );
}
