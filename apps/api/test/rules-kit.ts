import { failed, text, type SignedInOwner, type TestApi, type Wire } from './testkit.js';

/** The fields of a rule the tests read. */
export const RULE = `id op opVersion state maxApprovals remaining approvedCount endsAt revokedAt revokeReason fields
  repository { name } agent { id }
  constraints { field kind equals oneOf atMost prefix }`;

/** An end `days` from now (fractions allowed), as the API takes it. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
}

/** The owner makes a rule; returns the whole response (result union, or errors). */
export function createRule(
  api: TestApi,
  owner: SignedInOwner,
  input: { agent: string; op: string; repository?: string; terms: Record<string, unknown> },
  url = api.url,
) {
  return api.graphql(
    `mutation($input: CreateSignOffRuleInput!) {
      createSignOffRule(input: $input) { __typename ... on SignOffRuleCreated { rule { ${RULE} } } ... on DomainError { code message } }
    }`,
    { input },
    { cookie: owner.cookie },
    url,
  );
}

/** Makes a rule, failing loudly otherwise; returns its id. */
export async function ruleId(api: TestApi, owner: SignedInOwner, input: { agent: string; op: string; repository?: string; terms: Record<string, unknown> }) {
  const response = await createRule(api, owner, input);
  const rule = response.data?.createSignOffRule?.rule;
  if (!rule) throw new Error(`createSignOffRule failed: ${JSON.stringify(response)}`);
  return text(rule.id);
}

/** One rule as the caller reads it (null when they cannot). */
export async function readRule(api: TestApi, auth: { cookie?: string; key?: string }, id: string): Promise<Wire | null> {
  const response = await api.graphql(`query($id: ID!) { signOffRule(id: $id) { ${RULE} } }`, { id }, auth);
  if (response.errors) throw new Error(JSON.stringify(response.errors));
  return response.data?.signOffRule ?? null;
}

/** The owner revokes a rule; returns the result union as data. */
export async function revokeRule(api: TestApi, owner: SignedInOwner, id: string, reason: string): Promise<Wire> {
  const response = await api.graphql(
    `mutation($id: ID!, $reason: String!) {
      revokeSignOffRule(id: $id, reason: $reason) { __typename ... on SignOffRuleRevoked { rule { ${RULE} } } ... on DomainError { code message } }
    }`,
    { id, reason },
    { cookie: owner.cookie },
  );
  return response.data?.revokeSignOffRule ?? failed(response);
}

/** An agent asks; returns the result union as data, with the request's state and the rule that approved it. */
export async function ask(api: TestApi, key: string, input: { op: string; repository?: string; input: unknown }, url = api.url): Promise<Wire> {
  const response = await api.graphql(
    `mutation($input: RequestSignOffInput!) {
      requestSignOff(input: $input) {
        __typename
        ... on SignOffRequested { existing signOff { id state decidedAt note approvedByRule { id } } }
        ... on DomainError { code message }
      }
    }`,
    { input: { summary: 'please', ...input } },
    { key },
    url,
  );
  return response.data?.requestSignOff ?? failed(response);
}

/** The owner approves and remembers; returns the whole response. */
export function approveAndRemember(api: TestApi, owner: SignedInOwner, id: string, remember: Record<string, unknown>, approve = true) {
  return api.graphql(
    `mutation($input: DecideSignOffInput!) {
      decideSignOff(input: $input) {
        __typename
        ... on SignOffDecided { signOff { id state approvedByRule { id } } rule { ${RULE} } }
        ... on DomainError { code message }
      }
    }`,
    { input: { id, approve, remember } },
    { cookie: owner.cookie },
  );
}
