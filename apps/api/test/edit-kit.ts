import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { failed, type CallOptions, type TestApi, type Wire } from './testkit.js';

/* Scenes and reads for approve with changes (docs/sign-offs.md, S22). */

/** The SHA-256 of an input's canonical JSON: what `inputHash` and `expectedInputHash` hold. */
export const hashOf = (input: unknown): string => hashCanonical(canonicalJson(input));

const APPROVE = `mutation($input: DecideSignOffInput!) {
  decideSignOff(input: $input) {
    __typename
    ... on SignOffDecided {
      signOff { id state input inputHash requestedInput requestedInputHash changedByOwner risk riskReasons approvals { owner { email } note } result }
    }
    ... on SecondApproverRequired { code message signOff { state } }
    ... on SignOffClosed { code signOff { state } }
    ... on DomainError { code message }
  }
}`;

/**
 * An approval through `decideSignOff` with whatever the test gives (`input`, `expectedInputHash`, `remember`, …);
 * the result union as data, or a GraphQL error as `failed`.
 */
export async function approveWith(api: TestApi, who: CallOptions, input: Record<string, unknown>, url = api.url): Promise<Wire> {
  const response = await api.graphql(APPROVE, { input: { approve: true, ...input } }, who, url);
  return response.data?.decideSignOff ?? failed(response);
}

/** The stored row as the database has it: everything an edit may change, and its approvals. */
export async function storedEdit(api: TestApi, id: string) {
  const { rows } = await api.db.pool.query<{
    state: string;
    input: string;
    inputHash: string;
    requestedInput: string;
    requestedInputHash: string;
    risk: string;
    riskReasons: string[];
    approvers: string[];
  }>(
    `SELECT state, input, input_hash AS "inputHash", requested_input AS "requestedInput", requested_input_hash AS "requestedInputHash",
            risk, risk_reasons AS "riskReasons",
            coalesce((SELECT array_agg(o.email ORDER BY a.approved_at) FROM sign_off_approvals a JOIN owners o ON o.id = a.owner_id
                       WHERE a.sign_off_id = s.id), '{}') AS approvers
       FROM sign_offs s WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/** The audit entries of one request, oldest first: their kind and detail. */
export async function auditOf(api: TestApi, id: string) {
  const { rows } = await api.db.pool.query<{ kind: string; detail: Record<string, unknown> }>(
    `SELECT kind, detail FROM audit_entries WHERE subject = $1 ORDER BY seq`,
    [`signoff:${id}`],
  );
  return rows;
}
