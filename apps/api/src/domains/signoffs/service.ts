import { randomUUID } from 'node:crypto';
import type { AgentPrincipal, OwnerPrincipal } from '../../platform/lib/principal.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { graphQLError, retryLaterError } from '../../platform/lib/errors.js';
import { isUuid } from '../../platform/lib/validation.js';
import { readerOf, type Reader } from '../../platform/lib/reader.js';
import { findLiveRepositoryByName } from '../repositories/store.js';
import { authenticatedRecently } from '../owners/sessions-store.js';
import { canonicalJson, hashCanonical } from '@countersign/manifest';
import type { Runtime } from '../../platform/lib/runtime.js';
import { checkAskedInput, operationForAsking, type AskedOperation } from './catalogue/catalogue.js';
import { countLiveOpen, findLiveOpenRequest } from './ask-reads-store.js';
import { checkInputBounds } from './catalogue/input-bounds.js';
import { enqueueDelivery } from './runs/delivery-store.js';
import { MAX_PENDING_PER_AGENT } from './policy.js';
import { settleApproved } from './runs/settle.js';
import {
  countPending,
  expireAgentPending,
  findOpenRequest,
  findSignOff,
  insertSignOff,
  lockRequestingAgent,
  withdrawPending,
  type NewSignOff,
  type SignOffRow,
} from './store.js';
import { assessRisk } from './risk/risk.js';
import { findMoney } from './risk/money.js';
import { findMoneyRiskThresholds } from './risk/risk-thresholds-store.js';
import { takeSecret } from './secrets-store.js';
import { findRecentDenial, type RecentDenial } from './denials-store.js';
import { findApprovalsRequired } from './two-person/approval-policies-store.js';
import { AWAITING_APPROVAL, decideStep, type SeenInput } from './two-person/two-person.js';
import { approveByMatchingRule } from './rules/rules-match.js';
import { auditDecision, auditVoidedApproval } from './decision-audit.js';

export interface SignOffRequest {
  op: string;
  repository?: string | null;
  input: unknown;
  summary: string;
  reason?: string | null;
}

export type RequestOutcome =
  | { kind: 'requested'; signOff: SignOffRow; existing: boolean }
  | { kind: 'too-many-pending' }
  | { kind: 'recently-denied'; denial: RecentDenial }
  | { kind: 'repository-not-found' }
  | { kind: 'retired' };

/** Times an ask judges its input again when its operation gets a new version meanwhile, before it asks the agent to retry. */
const ASK_ATTEMPTS = 3;

/** The operation's shape, checked against the request; throws BAD_INPUT when the repository is named where none belongs, or missing. */
function checkRepositoryNamed(operation: AskedOperation, request: SignOffRequest): void {
  if (operation.needsRepository && !request.repository) throw graphQLError('BAD_INPUT', `${operation.op} acts on a repository: name it in "repository".`);
  if (!operation.needsRepository && request.repository) throw graphQLError('BAD_INPUT', `${operation.op} acts on no repository: leave "repository" out.`);
}

/**
 * An agent asks its owner. The input is checked against the operation's
 * schema now (a defined operation's latest live version, which the request
 * pins), not when it runs, and stored in canonical form: the bytes the
 * owner sees are the bytes that run. A retry of the same request returns
 * the open one (waiting, or approved and not yet redeemed); the same
 * request denied in the last ten minutes is refused with that denial (S18);
 * past MAX_PENDING_PER_AGENT open ones a new one is refused.
 *
 * Judging an input can cost far more than storing it, so it happens before
 * the transaction and holding no lock (docs/operations.md, O4): first, on a
 * pooled connection, the open twin is answered at once and the cap checked;
 * then the input is bounded and judged in the validation pool; then, under
 * the agent's row lock, the cap is checked again and the version judged
 * must still be the latest (if not, the input is judged again).
 */
export async function requestSignOff(deps: ServiceDeps & { runtime: Runtime }, agent: AgentPrincipal, request: SignOffRequest): Promise<RequestOutcome> {
  const summary = request.summary.trim();
  if (summary.length === 0 || summary.length > 200) throw graphQLError('BAD_INPUT', 'A summary is 1 to 200 characters.');
  const reason = request.reason?.trim() || null;
  if (reason && reason.length > 2000) throw graphQLError('BAD_INPUT', 'A reason is at most 2000 characters.');
  const input = canonicalJson(request.input);
  const inputHash = hashCanonical(input);

  for (let attempt = 1; ; attempt++) {
    const judged = await judgeBeforeAsking(deps, agent, request, input, inputHash);
    if (judged.kind !== 'judged') return judged;
    const outcome = await storeRequest(deps, agent, request, { input, inputHash, summary, reason }, judged.version);
    if (outcome.kind !== 'version-changed') return finishRequest(deps, agent, outcome);
    if (attempt === ASK_ATTEMPTS) {
      throw retryLaterError('UNAVAILABLE', `${request.op} was redefined while its input was being checked, ${ASK_ATTEMPTS} times; ask again.`, 1);
    }
  }
}

/**
 * Steps (a) and (b) of an ask, on a pooled connection and holding no lock:
 * the operation's latest version, the open twin (answered as it is, its
 * input not judged again), the cap, then the input bounded and judged.
 */
async function judgeBeforeAsking(
  deps: ServiceDeps,
  agent: AgentPrincipal,
  request: SignOffRequest,
  input: string,
  inputHash: string,
): Promise<RequestOutcome | { kind: 'judged'; version: number | null }> {
  // The shared pool, even when the request has its own transaction (an idempotency key): nothing here needs its writes, and it takes no lock.
  const reads = deps.db.pool;
  const operation = await operationForAsking(reads, agent.tenantId, request.op, false);
  if (operation === 'retired') return { kind: 'retired' };
  checkRepositoryNamed(operation, request);
  const repository = request.repository ? await findLiveRepositoryByName(reads, agent.tenantId, agent.ownerId, request.repository) : null;
  if (request.repository && !repository) return { kind: 'repository-not-found' };
  const key = { tenantId: agent.tenantId, agentId: agent.agentId, op: operation.op, repositoryId: repository?.id ?? null, inputHash };
  const open = await findLiveOpenRequest(reads, key);
  if (open) return { kind: 'requested', signOff: open, existing: true };
  if ((await countLiveOpen(reads, agent.tenantId, agent.agentId)) >= MAX_PENDING_PER_AGENT) return { kind: 'too-many-pending' };
  checkInputBounds(input, request.input);
  await checkAskedInput(agent.tenantId, operation, input, JSON.parse(input));
  return { kind: 'judged', version: operation.version };
}

/** Step (c) of an ask: under the agent's row lock, everything re-read, and the request stored when the version judged is still the latest. */
function storeRequest(
  deps: ServiceDeps,
  agent: AgentPrincipal,
  request: SignOffRequest,
  asked: { input: string; inputHash: string; summary: string; reason: string | null },
  judgedVersion: number | null,
): Promise<RequestOutcome | { kind: 'version-changed' }> {
  const { input, inputHash, summary, reason } = asked;
  return deps.scope.transaction(async (tx) => {
    if (!(await lockRequestingAgent(tx, agent.tenantId, agent.agentId))) throw graphQLError('UNAUTHENTICATED', 'This agent key has been revoked.');
    const operation = await operationForAsking(tx, agent.tenantId, request.op);
    if (operation === 'retired') return { kind: 'retired' } as const;
    // Its head is share-locked now: the version judged before the lock must be the one the request pins.
    if (operation.version !== judgedVersion) return { kind: 'version-changed' } as const;
    checkRepositoryNamed(operation, request);
    const repository = request.repository ? await findLiveRepositoryByName(tx, agent.tenantId, agent.ownerId, request.repository) : null;
    if (request.repository && !repository) return { kind: 'repository-not-found' } as const;
    await expireAgentPending(tx, agent.tenantId, agent.agentId);
    const key = { tenantId: agent.tenantId, agentId: agent.agentId, op: operation.op, repositoryId: repository?.id ?? null, inputHash };
    const waiting = await findOpenRequest(tx, key);
    if (waiting) return { kind: 'requested', signOff: waiting, existing: true } as const;
    const denial = await findRecentDenial(tx, key);
    if (denial) return { kind: 'recently-denied', denial } as const;
    if ((await countPending(tx, agent.tenantId, agent.agentId)) >= MAX_PENDING_PER_AGENT) return { kind: 'too-many-pending' } as const;
    const id = randomUUID();
    const stored = JSON.parse(input) as unknown;
    // The owner's thresholds are read only for an input that moves money: most requests carry none.
    const thresholds = findMoney(stored).length > 0 ? await findMoneyRiskThresholds(tx, agent.tenantId, agent.ownerId) : [];
    const assessed = assessRisk(operation, stored, thresholds);
    await insertSignOff(tx, {
      ...key,
      id,
      ownerId: agent.ownerId,
      opVersion: operation.version,
      runner: operation.runner,
      repositoryCode: repository?.code ?? null,
      input,
      summary,
      reason,
      risk: assessed.risk.toLowerCase() as NewSignOff['risk'],
      riskReasons: assessed.reasons,
      // Fixed now, like the risk: a later change of the operation's setting does not move it (S20).
      approvalsRequired: await findApprovalsRequired(tx, agent.tenantId, operation.op),
    });
    // An owner's standing rule may approve it here and now (S19): never a HIGH-risk or irreversible one.
    const { irreversible } = operation;
    await approveByMatchingRule(tx, { ...key, id, ownerId: agent.ownerId, opVersion: operation.version, input: stored, risk: assessed.risk, irreversible });
    return { kind: 'requested', signOff: (await findSignOff(tx, agent.tenantId, id))!, existing: false } as const;
  });
}

/** After the ask's transaction: the notification fanned out now, and a request a rule approved run at once. */
async function finishRequest(deps: ServiceDeps & { runtime: Runtime }, agent: AgentPrincipal, outcome: RequestOutcome): Promise<RequestOutcome> {
  // The request's notification event is written; this instance fans it out now rather than at its next poll.
  if (outcome.kind === 'requested' && !outcome.existing) deps.runtime.wakeDeliveries();
  // Approved by a rule: it runs now, exactly as after an owner's approval.
  if (outcome.kind === 'requested' && !outcome.existing && outcome.signOff.approvedByRule) {
    await settleApproved(deps, agent.tenantId, outcome.signOff.id);
    return { ...outcome, signOff: (await findSignOff(deps.scope.reads, agent.tenantId, outcome.signOff.id))! };
  }
  return outcome;
}

export type ClosingOutcome = { kind: 'done'; signOff: SignOffRow } | { kind: 'closed'; signOff: SignOffRow } | { kind: 'not-found' };

/**
 * A decision's outcome: as any closing one (`done` also for a first
 * approval, the request then PARTIALLY_APPROVED), or refused: approving a
 * HIGH-risk request needs a fresh password; a second approval must be
 * another owner's (S20).
 */
export type DecideOutcome = ClosingOutcome | { kind: 'reauthentication-required' } | { kind: 'second-approver-required'; signOff: SignOffRow };

/** An approval of the input the owner saw (approve-with-changes.ts): as any decision's, or that input is no longer the request's (S22). */
export type SeenDecideOutcome = DecideOutcome | { kind: 'input-mismatch' };

/** A batch decision's answer for one id: as a single decision's, or left pending because a batch approves only LOW risk. */
export type BatchOutcome = DecideOutcome | { kind: 'not-batchable'; signOff: SignOffRow; why: 'risk' | 'edited' };

/** Requests one batch may decide: a screenful of triage, and a bounded amount of work per call. */
export const MAX_BATCH = 100;

/**
 * The owner decides. The decision commits on its own first (so it stands
 * even if this instance dies next). An approval of a built-in then runs the
 * deed in a second transaction (the sweep settles any left unfinished); of
 * a WEBHOOK operation, writes its delivery in the deciding transaction
 * itself (any instance's outbox worker sends it); of an AGENT operation,
 * waits for the agent to redeem it.
 */
export async function decideSignOff(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  id: string,
  approve: boolean,
  note: string | null | undefined,
  withDecision?: DecisionWork,
): Promise<SeenDecideOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  const trimmedNote = checkedNote(note);
  if (approve && !(await mayApprove(deps, owner, await findSignOff(deps.scope.reads, owner.tenantId, id, readerOf(owner))))) {
    return { kind: 'reauthentication-required' };
  }
  // An approval naming no input seen is an input mismatch when another owner changed the input (S22).
  return applyDecision(deps, owner, id, approve, trimmedNote, withDecision);
}

/** Writes that commit with a decision, in its transaction, only when the decision itself changed the request (a remembered rule, S19). */
export type DecisionWork = (tx: Queryable) => Promise<void>;

/** A note as stored: trimmed, empty as none, at most 2000 characters. */
export function checkedNote(note: string | null | undefined): string | null {
  const trimmed = note?.trim() || null;
  if (trimmed && trimmed.length > 2000) throw graphQLError('BAD_INPUT', 'A note is at most 2000 characters.');
  return trimmed;
}

/**
 * The decision itself, once the caller has checked who may make it
 * (`mayApprove`); with `seen`, an approval of the input the owner saw,
 * edited or not (approve-with-changes.ts).
 */
export async function applyDecision(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  id: string,
  approve: boolean,
  note: string | null,
  withDecision?: DecisionWork,
  seen?: SeenInput,
): Promise<SeenDecideOutcome> {
  const step = await deps.scope.transaction(async (tx) => {
    const { step, voided } = await decideStep(tx, owner.tenantId, owner.ownerId, id, approve, note, seen);
    // An edit voided another owner's first approval: the log says whose, before the edit's own approval (S22).
    for (const voidedOwner of voided) await auditVoidedApproval(tx, owner, id, voidedOwner);
    if (step === 'first-approval') await auditDecision(tx, owner, id, 'partially_approved', note);
    // A first approval decides nothing yet: nothing runs, and nothing that commits with a decision is written.
    if (step !== 'decided') return step;
    await withDecision?.(tx);
    if (approve) await enqueueDelivery(tx, owner.tenantId, id);
    // Last: the audit head is the last lock the deciding transaction takes (docs/audit.md, L2).
    await auditDecision(tx, owner, id, approve ? 'approved' : 'denied', note);
    return step;
  });
  if (step === 'none') return closedOrMissing(deps, owner.tenantId, id, readerOf(owner));
  if (step === 'input-mismatch') return { kind: 'input-mismatch' };
  if (step === 'second-approver-required') return { kind: 'second-approver-required', signOff: (await findSignOff(deps.scope.reads, owner.tenantId, id))! };
  if (step === 'decided') {
    // A WEBHOOK delivery, and the decision's notification event, are due now.
    deps.runtime.wakeDeliveries();
    // Only a built-in's approval is claimed (state APPROVED): for the other runners the claim finds nothing and returns.
    if (approve) await settleApproved(deps, owner.tenantId, id);
  }
  return { kind: 'done', signOff: (await findSignOff(deps.scope.reads, owner.tenantId, id))! };
}

/** The asking agent withdraws its pending request. */
export async function withdrawSignOff(deps: ServiceDeps, agent: AgentPrincipal, id: string): Promise<ClosingOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  const row = await deps.scope.transaction(async (tx) =>
    (await withdrawPending(tx, agent.tenantId, agent.agentId, id)) ? findSignOff(tx, agent.tenantId, id) : null,
  );
  return row ? { kind: 'done', signOff: row } : closedOrMissing(deps, agent.tenantId, id, readerOf(agent));
}

/** Why a decision or withdrawal changed nothing: the request as it is now (through the scope: a keyed request's own transaction), or none. */
async function closedOrMissing(deps: Pick<ServiceDeps, 'scope'>, tenantId: string, id: string, reader: Reader): Promise<ClosingOutcome> {
  const row = await findSignOff(deps.scope.reads, tenantId, id, reader);
  return row ? { kind: 'closed', signOff: row } : { kind: 'not-found' };
}

export type TakeOutcome = { kind: 'secret'; secret: unknown } | { kind: 'unavailable' } | { kind: 'not-found' };

/** The asking agent takes its secret: once, within its life. */
export async function takeSignOffSecret(deps: ServiceDeps, agent: AgentPrincipal, id: string): Promise<TakeOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  const secret = await deps.scope.transaction((tx) => takeSecret(tx, agent.tenantId, agent.agentId, id));
  if (secret !== null) return { kind: 'secret', secret: JSON.parse(secret) };
  return (await findSignOff(deps.scope.reads, agent.tenantId, id, readerOf(agent))) ? { kind: 'unavailable' } : { kind: 'not-found' };
}

/**
 * Decides several requests, one after another, each exactly as
 * `decideSignOff` would (its own transaction and conditional statement, so
 * a concurrent decision still wins or loses cleanly per request), answering
 * one outcome per id in their order. An approval in a batch is for LOW-risk
 * requests only (docs/sign-offs.md, S16): the risk is fixed when the request
 * is stored, so reading it first cannot be raced; any other is answered
 * not-batchable and left pending.
 */
export async function decideSignOffs(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  ids: readonly string[],
  approve: boolean,
  note: string | null | undefined,
): Promise<BatchOutcome[]> {
  if (ids.length === 0 || ids.length > MAX_BATCH) throw graphQLError('BAD_INPUT', `A batch decides 1 to ${MAX_BATCH} requests.`);
  const trimmedNote = checkedNote(note);
  const outcomes: BatchOutcome[] = [];
  for (const id of ids) {
    if (!isUuid(id)) {
      outcomes.push({ kind: 'not-found' });
      continue;
    }
    if (approve) {
      const row = await findSignOff(deps.scope.reads, owner.tenantId, id, readerOf(owner));
      if (!row) {
        outcomes.push({ kind: 'not-found' });
        continue;
      }
      if (row.risk !== 'low' && AWAITING_APPROVAL.includes(row.state)) {
        outcomes.push({ kind: 'not-batchable', signOff: row, why: 'risk' });
        continue;
      }
      // LOW, or no longer pending: `mayApprove` would allow it, so the row just read is not read again.
    }
    const outcome = await applyDecision(deps, owner, id, approve, trimmedNote);
    // Approved with changes by another owner (S22): the edit is approved on its own, where it is shown, never in a batch.
    if (outcome.kind === 'input-mismatch') {
      outcomes.push({ kind: 'not-batchable', signOff: (await findSignOff(deps.scope.reads, owner.tenantId, id))!, why: 'edited' });
      continue;
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Whether this principal may approve the request now (docs/sign-offs.md,
 * S17): anything but a pending HIGH-risk request, yes; that one needs a
 * console session whose owner proved their password in the last 10
 * minutes — never an owner token, which cannot re-authenticate. The CLI,
 * run by whoever holds the server's machine, may. The risk is fixed at
 * storage and a session's proof only moves forward, so reading both before
 * the decision cannot be raced.
 */
export async function mayApprove(deps: ServiceDeps, owner: OwnerPrincipal, row: Pick<SignOffRow, 'risk' | 'state'> | null): Promise<boolean> {
  // Each approval of a two-person request (S20) is an approval: each needs it.
  if (!row || row.risk !== 'high' || !AWAITING_APPROVAL.includes(row.state)) return true;
  if (owner.token) return false;
  if (!owner.sessionId) return true;
  return authenticatedRecently(deps.scope.reads, owner.tenantId, owner.sessionId);
}
