import { failed, text, type SignedInOwner, type TestApi, type Wire } from './testkit.js';

/** The schema the tests' `email.send` takes. */
export const EMAIL_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject'],
  properties: {
    to: { type: 'string', title: 'Recipient', format: 'email' },
    subject: { type: 'string', title: 'Subject', maxLength: 200 },
    amount: { type: 'integer', maximum: 100000 },
  },
};

const DEFINED = `
  __typename
  ... on OperationDefined { created webhookSecret operation { op version runner risk retired irreversible summary needsRepository secretFields webhookUrl } }`;

/** The owner defines an operation; returns the result union as data (GraphQL errors as `failed`). */
export async function define(api: TestApi, owner: SignedInOwner, input: Record<string, unknown>): Promise<Wire> {
  const response = await api.graphql(
    `mutation($input: DefineOperationInput!) { defineOperation(input: $input) { ${DEFINED} } }`,
    { input: { summary: 'Send an email', risk: 'MEDIUM', runner: 'AGENT', inputSchema: EMAIL_SCHEMA, ...input } },
    { cookie: owner.cookie },
  );
  return response.data?.defineOperation ?? failed(response);
}

/** The owner's agent asks for a defined operation; returns the whole response. */
export function ask(api: TestApi, key: string, op: string, input: unknown, extra: Record<string, unknown> = {}) {
  return api.graphql(
    `mutation($input: RequestSignOffInput!) {
      requestSignOff(input: $input) {
        __typename
        ... on SignOffRequested { existing signOff { id state op opVersion inputHash inputCanonical risk irreversible description } }
        ... on DomainError { code message }
      }
    }`,
    { input: { op, input, summary: 'please', ...extra } },
    { key },
  );
}

/** Asks and returns the request's id and input hash, failing loudly otherwise. */
export async function askId(api: TestApi, key: string, op: string, input: unknown): Promise<{ id: string; inputHash: string }> {
  const response = await ask(api, key, op, input);
  const signOff = response.data?.requestSignOff?.signOff;
  if (!signOff) throw new Error(`requestSignOff failed: ${JSON.stringify(response)}`);
  return { id: text(signOff.id), inputHash: text(signOff.inputHash) };
}

/** The agent redeems; returns the result union as data. */
export async function redeem(api: TestApi, key: string, id: string, inputHash: string): Promise<Wire> {
  const response = await api.graphql(
    `mutation($input: RedeemSignOffInput!) {
      redeemSignOff(input: $input) {
        __typename
        ... on SignOffRedeemed { approval signOff { state redeemedAt } }
        ... on AlreadyRedeemed { signOff { state } }
        ... on GrantLapsed { signOff { state } }
        ... on SignOffClosed { signOff { state } }
        ... on DomainError { code message }
      }
    }`,
    { input: { id, inputHash } },
    { key },
  );
  return response.data?.redeemSignOff ?? failed(response);
}

/** The agent reports its outcome; returns the result union as data. */
export async function report(api: TestApi, key: string, input: Record<string, unknown>): Promise<Wire> {
  const response = await api.graphql(
    `mutation($input: ReportSignOffOutcomeInput!) {
      reportSignOffOutcome(input: $input) {
        __typename
        ... on SignOffOutcomeReported { signOff { state result failure } }
        ... on DomainError { code message }
      }
    }`,
    { input },
    { key },
  );
  return response.data?.reportSignOffOutcome ?? failed(response);
}
