import type { ChangeEvent } from 'react';
import type { Risk } from '../../gql/graphql';
import { HintedField } from '../../shared/ui/hinted-field';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_OP_LENGTH,
  MAX_SUMMARY_LENGTH,
  MAX_TEMPLATE_LENGTH,
  type DefineFormValues,
  type DefinedRunner,
} from './define-operation-values';

/** The fields typed as text. */
type TextField = 'op' | 'summary' | 'description' | 'webhookUrl' | 'secretFields' | 'effectTemplate' | 'fieldOrder';

/** What every group of the definition form is given: the values, and how to change one. */
export interface DefineFieldsProps {
  values: DefineFormValues;
  set: <K extends keyof DefineFormValues>(field: K, value: DefineFormValues[K]) => void;
}

const onText = (set: DefineFieldsProps['set'], field: TextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
  set(field, event.target.value);

/** An input for a name, a URL or a template: bound to its field, never completed or spell-checked (it is not prose). */
const codeText = ({ values, set }: DefineFieldsProps, field: TextField) => ({
  value: values[field],
  onChange: onText(set, field),
  autoComplete: 'off',
  spellCheck: false,
});

/** Name, risk, runner, summary and description; the name is fixed once the operation exists (`readOnlyName`). */
export function OperationBasicsFields({ values, set, readOnlyName }: DefineFieldsProps & { readOnlyName: boolean }) {
  return (
    <>
      <div className="form-grid">
        <label className="wide">
          Operation name
          <input {...codeText({ values, set }, 'op')} readOnly={readOnlyName} maxLength={MAX_OP_LENGTH} placeholder="e.g. email.send" />
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
          onChange={onText(set, 'summary')}
          maxLength={MAX_SUMMARY_LENGTH}
          autoComplete="off"
          placeholder="One line, e.g. Send an email"
        />
      </label>
      <label>
        Description
        <textarea value={values.description} onChange={onText(set, 'description')} rows={3} maxLength={MAX_DESCRIPTION_LENGTH} />
      </label>
    </>
  );
}

/** How a request under the operation reads: its one-line effect, and the order of its fields. */
export function PresentationFields({ values, set }: DefineFieldsProps) {
  const effectHint = (
    <>What a request reads as, in the Inbox and on its page. Each {'{name}'} is a top-level field of the input schema, shown as the agent sent it, in quotes.</>
  );
  return (
    <div className="form-grid">
      <HintedField label="Effect template" hint={effectHint} wide>
        {(describedBy) => (
          <input
            {...codeText({ values, set }, 'effectTemplate')}
            maxLength={MAX_TEMPLATE_LENGTH}
            placeholder="e.g. Pay {vendor} {amount}"
            aria-describedby={describedBy}
          />
        )}
      </HintedField>
      <HintedField label="Field order" hint="The order a request's fields are shown in; fields left out follow, by name." wide>
        {(describedBy) => (
          <input {...codeText({ values, set }, 'fieldOrder')} placeholder="Comma-separated, e.g. vendor, amount" aria-describedby={describedBy} />
        )}
      </HintedField>
    </div>
  );
}

/** Where a webhook operation is delivered, and which of its answer's fields are held back. */
export function WebhookFields({ values, set }: DefineFieldsProps) {
  return (
    <div className="form-grid">
      <label className="wide">
        Webhook URL
        <input type="url" {...codeText({ values, set }, 'webhookUrl')} placeholder="https://…" />
      </label>
      <label className="wide">
        Secret fields
        <input {...codeText({ values, set }, 'secretFields')} placeholder="Comma-separated, e.g. apiKey, token" />
      </label>
    </div>
  );
}

/** What approving commits to: whether it can be undone, and whether a request names a repository. */
export function OperationFlags({ values, set }: DefineFieldsProps) {
  return (
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
  );
}
