import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { DefineOperationInput, DefineOperationMutation, OperationFieldsFragment, Risk } from '../../gql/graphql';
import { useResultMutation, type Succeeded } from '../../shared/transport/use-result-mutation';
import { checkSchemaText } from './json-schema';
import { operationMutations } from './operation-queries';
import { SchemaEditor } from './schema-editor';

/** What a definition answers: the operation as defined (or unchanged), and its webhook secret when this call made one. */
export type Defined = Succeeded<DefineOperationMutation['defineOperation']>;

/** The runners an owner may choose (SERVER is the built-ins'). */
type DefinedRunner = 'AGENT' | 'WEBHOOK';

interface DefineFormValues {
  op: string;
  summary: string;
  description: string;
  risk: Risk;
  runner: DefinedRunner;
  webhookUrl: string;
  irreversible: boolean;
  needsRepository: boolean;
  /** Comma-separated, as typed. */
  secretFields: string;
  /** "Pay {vendor} {amount}", as typed; blank: none. */
  effectTemplate: string;
  /** Comma-separated top-level property names, as typed; blank: the schema's order. */
  fieldOrder: string;
  schemaText: string;
}

/** A new operation starts from an object schema with no properties: the smallest one the API takes. */
const EMPTY_SCHEMA = JSON.stringify({ type: 'object', properties: {}, additionalProperties: false }, null, 2);

const EMPTY_FORM: DefineFormValues = {
  op: '',
  summary: '',
  description: '',
  risk: 'MEDIUM',
  runner: 'AGENT',
  webhookUrl: '',
  irreversible: false,
  needsRepository: false,
  secretFields: '',
  effectTemplate: '',
  fieldOrder: '',
  schemaText: EMPTY_SCHEMA,
};

/** The form filled with a version's content, for its next version. */
function valuesOf(operation: OperationFieldsFragment): DefineFormValues {
  return {
    op: operation.op,
    summary: operation.summary,
    description: operation.description ?? '',
    risk: operation.risk,
    runner: operation.runner === 'WEBHOOK' ? 'WEBHOOK' : 'AGENT',
    webhookUrl: operation.webhookUrl ?? '',
    irreversible: operation.irreversible,
    needsRepository: operation.needsRepository,
    secretFields: operation.secretFields.join(', '),
    effectTemplate: operation.effectTemplate ?? '',
    fieldOrder: (operation.fieldOrder ?? []).join(', '),
    schemaText: JSON.stringify(operation.inputSchema, null, 2),
  };
}

/** The API's limits on the texts, so the inputs stop where it would refuse. */
const MAX_OP_LENGTH = 100;
const MAX_SUMMARY_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 4000;
const MAX_TEMPLATE_LENGTH = 200;

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
  const templateHintId = useId();
  const orderHintId = useId();
  const [values, setValues] = useState<DefineFormValues>(() => (base ? valuesOf(base) : EMPTY_FORM));
  const [problem, setProblem] = useState<string>();
  const schemaCheck = useMemo(() => checkSchemaText(values.schemaText), [values.schemaText]);
  const define = useResultMutation(operationMutations.define(), { onSuccess: onDefined });

  const set = <K extends keyof DefineFormValues>(field: K, value: DefineFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const text =
    (field: 'op' | 'summary' | 'description' | 'webhookUrl' | 'secretFields' | 'effectTemplate' | 'fieldOrder') =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, event.target.value);
  const webhook = values.runner === 'WEBHOOK';

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

  const error = problem ?? define.error;
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId}>{base ? `New version of ${base.op}` : 'Define an operation'}</h2>
      {base && <p className="muted">Version {base.version} stays as it is: requests asked under it are judged and run by it. Agents ask under the new one.</p>}
      {/* noValidate: the API's rules explain themselves better than the browser's bubbles. */}
      <form className="issue-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <label className="wide">
            Operation name
            <input
              value={values.op}
              onChange={text('op')}
              readOnly={base !== undefined}
              maxLength={MAX_OP_LENGTH}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. email.send"
            />
          </label>
          <label>
            Risk
            <select value={values.risk} onChange={(event) => set('risk', event.target.value as Risk)}>
              <option value="LOW">Low</option>
              <option value="MEDIUM">Medium</option>
              <option value="HIGH">High</option>
            </select>
          </label>
          <label>
            Runner
            <select value={values.runner} onChange={(event) => set('runner', event.target.value as DefinedRunner)}>
              <option value="AGENT">Agent (redeems a signed grant)</option>
              <option value="WEBHOOK">Webhook (Countersign delivers it)</option>
            </select>
          </label>
        </div>
        <label>
          Summary
          <input
            value={values.summary}
            onChange={text('summary')}
            maxLength={MAX_SUMMARY_LENGTH}
            autoComplete="off"
            placeholder="One line, e.g. Send an email"
          />
        </label>
        <label>
          Description
          <textarea value={values.description} onChange={text('description')} rows={3} maxLength={MAX_DESCRIPTION_LENGTH} />
        </label>
        <div className="form-grid">
          {/* The hints sit outside the labels, so they describe the inputs without becoming part of their names. */}
          <div className="field wide">
            <label>
              Effect template
              <input
                value={values.effectTemplate}
                onChange={text('effectTemplate')}
                maxLength={MAX_TEMPLATE_LENGTH}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. Pay {vendor} {amount}"
                aria-describedby={templateHintId}
              />
            </label>
            <span id={templateHintId} className="hint-inline">
              What a request reads as, in the Inbox and on its page. Each {'{name}'} is a top-level field of the input schema, shown as the agent sent it, in
              quotes.
            </span>
          </div>
          <div className="field wide">
            <label>
              Field order
              <input
                value={values.fieldOrder}
                onChange={text('fieldOrder')}
                autoComplete="off"
                spellCheck={false}
                placeholder="Comma-separated, e.g. vendor, amount"
                aria-describedby={orderHintId}
              />
            </label>
            <span id={orderHintId} className="hint-inline">
              The order a request&apos;s fields are shown in; fields left out follow, by name.
            </span>
          </div>
        </div>
        {webhook && (
          <div className="form-grid">
            <label className="wide">
              Webhook URL
              <input type="url" value={values.webhookUrl} onChange={text('webhookUrl')} autoComplete="off" spellCheck={false} placeholder="https://…" />
            </label>
            <label className="wide">
              Secret fields
              <input
                value={values.secretFields}
                onChange={text('secretFields')}
                autoComplete="off"
                spellCheck={false}
                placeholder="Comma-separated, e.g. apiKey, token"
              />
            </label>
          </div>
        )}
        <div className="checkboxes">
          <label className="checkbox">
            <input type="checkbox" checked={values.irreversible} onChange={(event) => set('irreversible', event.target.checked)} />
            Irreversible
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={values.needsRepository} onChange={(event) => set('needsRepository', event.target.checked)} />
            Needs a repository
          </label>
        </div>
        <SchemaEditor value={values.schemaText} onChange={(schemaText) => set('schemaText', schemaText)} check={schemaCheck} />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" disabled={define.pending}>
            {define.pending ? 'Defining…' : 'Define'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A comma-separated list as typed: its names, trimmed, blanks dropped. */
function names(typed: string): string[] {
  return typed
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The mutation's input from the form, or why it cannot be built yet. */
function buildInput(values: DefineFormValues, schemaCheck: ReturnType<typeof checkSchemaText>): DefineOperationInput | string {
  const op = values.op.trim();
  const summary = values.summary.trim();
  const webhookUrl = values.webhookUrl.trim();
  if (op === '') return 'Give the operation a name, e.g. email.send.';
  if (summary === '') return 'Give the operation a one-line summary.';
  if ('problem' in schemaCheck) return `The input schema: ${schemaCheck.problem}`;
  const webhook = values.runner === 'WEBHOOK';
  if (webhook && webhookUrl === '') return 'A webhook operation needs the URL it is delivered to.';
  return {
    op,
    summary,
    description: values.description.trim() || null,
    inputSchema: schemaCheck.schema,
    risk: values.risk,
    runner: values.runner,
    irreversible: values.irreversible,
    needsRepository: values.needsRepository,
    // Only a webhook's answer has fields to hold back; an agent's own result never passes through here.
    webhookUrl: webhook ? webhookUrl : null,
    secretFields: webhook ? names(values.secretFields) : [],
    // The API checks that each name is a field of the schema (BAD_INPUT naming it); blank is none.
    effectTemplate: values.effectTemplate.trim() || null,
    fieldOrder: names(values.fieldOrder),
  };
}
