import { randomUUID } from 'node:crypto';
import type { AgentPrincipal } from '../../../platform/lib/principal.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import type { ApprovalClaims, Runtime } from '../../../platform/lib/runtime.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import { isUuid } from '../../../platform/lib/validation.js';
import { readerOf } from '../../../platform/lib/reader.js';
import { recordReportedOutcome, redeemGrant, type RedeemedGrant } from './grants-store.js';
import { findSignOff, type SignOffRow } from '../store.js';

export type RedeemOutcome =
  | { kind: 'redeemed'; signOff: SignOffRow; approval: string }
  | { kind: 'already-redeemed'; signOff: SignOffRow }
  | { kind: 'input-mismatch' }
  | { kind: 'lapsed'; signOff: SignOffRow }
  | { kind: 'closed'; signOff: SignOffRow; why: string }
  | { kind: 'not-found' };

const HASH = /^[0-9a-f]{64}$/;

/**
 * The asking agent exchanges an approved AGENT request for its grant: a
 * signed approval token, handed out once. The token is signed inside the
 * redeeming transaction, so a failure to sign leaves the grant redeemable.
 * A refusal says exactly why, and changes nothing.
 */
export async function redeemSignOff(deps: ServiceDeps & { runtime: Runtime }, agent: AgentPrincipal, id: string, inputHash: string): Promise<RedeemOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  if (!HASH.test(inputHash)) throw graphQLError('BAD_INPUT', '"inputHash" is the SHA-256 of the canonical input, 64 lower-case hex digits.');
  const redeemed = await deps.scope.transaction(async (tx) => {
    const grant = await redeemGrant(tx, { tenantId: agent.tenantId, agentId: agent.agentId, id, inputHash, grantId: randomUUID() });
    if (!grant) return null;
    const approval = await deps.runtime.approvals.sign({
      sub: grant.id,
      op: grant.op,
      opVersion: grant.opVersion,
      inputHash: grant.inputHash,
      agent: grant.agentId,
      ...approvalBy(grant),
      tenant: grant.tenantId,
      jti: grant.grantId,
    });
    return { approval, signOff: (await findSignOff(tx, agent.tenantId, id))! };
  });
  if (redeemed) return { kind: 'redeemed', ...redeemed };
  const row = await findSignOff(deps.scope.reads, agent.tenantId, id, readerOf(agent));
  if (!row) return { kind: 'not-found' };
  if (row.runner !== 'agent') return { kind: 'closed', signOff: row, why: `${row.op} is not run by the agent: there is nothing to redeem.` };
  if (row.redeemedAt !== null) return { kind: 'already-redeemed', signOff: row };
  if (row.state === 'lapsed') return { kind: 'lapsed', signOff: row };
  if (row.state === 'awaiting_redeem') return { kind: 'input-mismatch' };
  return { kind: 'closed', signOff: row, why: `This request is ${row.state}, not approved: there is nothing to redeem.` };
}

/**
 * Who approved, as the token says it: `approvedBy` (the approval that completed the request, the one field 0.1.0
 * verifiers read) only when an owner's did, `approvers` always, `rule` only when a standing rule approved it.
 */
function approvalBy(grant: RedeemedGrant): Pick<ApprovalClaims, 'approvedBy' | 'approvers' | 'rule'> {
  const completedBy = grant.approvers.at(-1);
  return { ...(completedBy ? { approvedBy: completedBy } : {}), approvers: grant.approvers, ...(grant.ruleId ? { rule: grant.ruleId } : {}) };
}

export type ReportOutcome = { kind: 'reported'; signOff: SignOffRow } | { kind: 'closed'; signOff: SignOffRow; why: string } | { kind: 'not-found' };

const MAX_RESULT_BYTES = 64 * 1024;

/** The agent says how its redeemed action went: once, and only after a redeem. */
export async function reportSignOffOutcome(
  deps: ServiceDeps,
  agent: AgentPrincipal,
  report: { id: string; succeeded: boolean; result?: unknown; failure?: string | null },
): Promise<ReportOutcome> {
  if (!isUuid(report.id)) return { kind: 'not-found' };
  const result = report.result ?? null;
  if (result !== null && (typeof result !== 'object' || Array.isArray(result))) throw graphQLError('BAD_INPUT', '"result" is a JSON object.');
  const resultText = result === null ? null : JSON.stringify(result);
  if (resultText !== null && Buffer.byteLength(resultText) > MAX_RESULT_BYTES) throw graphQLError('BAD_INPUT', '"result" is at most 64 KiB.');
  let failure = report.failure?.trim() || null;
  if (failure && failure.length > 2000) throw graphQLError('BAD_INPUT', 'A failure is at most 2000 characters.');
  if (report.succeeded && failure) throw graphQLError('BAD_INPUT', 'A success has no "failure"; report succeeded: false to say why it failed.');
  if (!report.succeeded) failure ??= 'The agent reported that the action failed.';
  const key = { tenantId: agent.tenantId, agentId: agent.agentId, id: report.id };
  const row = await deps.scope.transaction(async (tx) =>
    (await recordReportedOutcome(tx, key, { succeeded: report.succeeded, result: resultText, failure })) ? findSignOff(tx, agent.tenantId, report.id) : null,
  );
  if (row) return { kind: 'reported', signOff: row };
  const current = await findSignOff(deps.scope.reads, agent.tenantId, report.id, readerOf(agent));
  if (!current) return { kind: 'not-found' };
  const why =
    current.redeemedAt !== null
      ? 'Its outcome has been reported already.'
      : current.runner === 'agent'
        ? `This request is ${current.state}: only a redeemed grant has an outcome to report.`
        : `${current.op} is not run by the agent: Countersign reports its outcome.`;
  return { kind: 'closed', signOff: current, why };
}
