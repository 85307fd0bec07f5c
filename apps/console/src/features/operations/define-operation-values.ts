import type { DefineOperationInput, OperationFieldsFragment, Risk } from '../../gql/graphql';
import type { checkSchemaText } from './json-schema';

/** The runners an owner may choose (SERVER is the built-ins'). */
export type DefinedRunner = 'AGENT' | 'WEBHOOK';

/** The definition form's fields as typed; `buildInput` turns them into the mutation's input. */
export interface DefineFormValues {
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

/** A new operation's form: an agent-run, medium-risk operation with the smallest schema. */
export const EMPTY_FORM: DefineFormValues = {
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
export function valuesOf(operation: OperationFieldsFragment): DefineFormValues {
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
export const MAX_OP_LENGTH = 100;
export const MAX_SUMMARY_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 4000;
export const MAX_TEMPLATE_LENGTH = 200;

/** A comma-separated list as typed: its names, trimmed, blanks dropped. */
function names(typed: string): string[] {
  return typed
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The mutation's input from the form, or why it cannot be built yet. */
export function buildInput(values: DefineFormValues, schemaCheck: ReturnType<typeof checkSchemaText>): DefineOperationInput | string {
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
