import { canonicalJson, hashCanonical } from '@countersign/manifest';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { isUuid } from '../../platform/lib/validation.js';
import { readerOf } from '../../platform/lib/reader.js';
import { checkAskedInput, pinnedOperation } from './catalogue/catalogue.js';
import { checkInputBounds } from './catalogue/input-bounds.js';
import { assessRisk } from './risk/risk.js';
import { findMoney } from './risk/money.js';
import { findMoneyRiskThresholds } from './risk/risk-thresholds-store.js';
import { applyDecision, checkedNote, mayApprove, type SeenDecideOutcome } from './service.js';
import { findSignOff, type SignOffRow } from './store.js';
import { AWAITING_APPROVAL } from './two-person/two-person.js';
import type { JudgedEdit } from './approve-with-changes-store.js';

/*
 * Approve with changes (docs/sign-offs.md, S22): an owner approves an input
 * of their own in place of the agent's, judged as the agent's was (bounds,
 * the pinned version's schema in the validation pool) and its risk assessed
 * again; or approves exactly the input they saw (`expectedInputHash` alone).
 */

/** What an owner's approval says they saw, and the input they approve instead, if any (absent: the one they saw). */
export interface SeenApproval {
  expectedInputHash: string;
  input?: unknown;
}

const HASH = /^[0-9a-f]{64}$/;
const RISK_ORDER: SignOffRow['risk'][] = ['low', 'medium', 'high'];

/**
 * Reads what a `decideSignOff` input says about the input the owner saw:
 * null for a plain decision. Throws BAD_INPUT, before anything is read or
 * changed, for an edit without the hash it was made from, either of them
 * with a denial or with `remember`.
 */
export function seenApprovalOf(input: { approve: boolean; input?: unknown; expectedInputHash?: string | null; remember?: unknown }): SeenApproval | null {
  const edited = input.input !== undefined && input.input !== null;
  const hash = input.expectedInputHash ?? null;
  if (!edited && hash === null) return null;
  if (!input.approve) {
    throw graphQLError(
      'BAD_INPUT',
      '"input" and "expectedInputHash" approve what you saw, or an edit of it: they go with approve: true only. Nothing was decided.',
    );
  }
  if (input.remember) {
    throw graphQLError(
      'BAD_INPUT',
      '"remember" makes a rule from the request as the agent asked it: it cannot go with "input" or "expectedInputHash". Nothing was decided.',
    );
  }
  if (hash === null) {
    throw graphQLError('BAD_INPUT', 'An edited "input" needs "expectedInputHash": the inputHash of the request as you saw it. Nothing was decided.');
  }
  if (!HASH.test(hash)) throw graphQLError('BAD_INPUT', '"expectedInputHash" is the SHA-256 of the canonical input, 64 lower-case hex digits.');
  return edited ? { expectedInputHash: hash, input: input.input } : { expectedInputHash: hash };
}

/**
 * An owner approves the input they saw, or an edit of it. An edit is
 * refused (BAD_INPUT, nothing changed) with an owner token (a script does
 * not rewrite what an agent asked), for an owner-to-owner request, and when
 * it does not fit the pinned version or changes the input's `repository`;
 * a request no longer waiting is closed; one whose input is not the one
 * seen is an input mismatch. The gesture follows the higher of the stored
 * risk and the edit's (S17): a fresh password when either is HIGH.
 */
export async function approveSeen(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  id: string,
  note: string | null | undefined,
  seen: SeenApproval,
): Promise<SeenDecideOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  const edited = seen.input !== undefined;
  if (edited && owner.token) {
    throw graphQLError(
      'BAD_INPUT',
      'Approving with changes needs a console session: an owner token approves a request only as the agent asked it. Nothing was decided.',
    );
  }
  const trimmedNote = checkedNote(note);
  const row = await findSignOff(deps.scope.reads, owner.tenantId, id, readerOf(owner));
  if (!row) return { kind: 'not-found' };
  if (edited && row.agentId === null) {
    throw graphQLError('BAD_INPUT', `A ${row.op} request is approved as its proposer filed it: it cannot be changed. Nothing was decided.`);
  }
  if (!AWAITING_APPROVAL.includes(row.state)) return { kind: 'closed', signOff: row };
  // A stale view is answered before any input is judged: the owner must look again first.
  if (row.inputHash !== seen.expectedInputHash) return { kind: 'input-mismatch' };
  let edit = edited ? await judgeEdit(deps, row, seen.input) : null;
  // The same input again is a plain approval of it.
  if (edit?.inputHash === row.inputHash) edit = null;
  const risk = edit && RISK_ORDER.indexOf(edit.risk) > RISK_ORDER.indexOf(row.risk) ? edit.risk : row.risk;
  if (!(await mayApprove(deps, owner, { state: row.state, risk }))) return { kind: 'reauthentication-required' };
  return applyDecision(deps, owner, id, true, trimmedNote, undefined, { expectedInputHash: seen.expectedInputHash, edit });
}

/**
 * An owner's edit judged as an agent's ask is (docs/operations.md, O4): in
 * canonical form, within the input bounds, against the version the request
 * pinned (a built-in by its own check, a defined one in the validation
 * pool), its `repository` field (if any) the agent's, and its risk assessed
 * with the request owner's thresholds. Throws BAD_INPUT naming the problem.
 */
async function judgeEdit(deps: ServiceDeps, row: SignOffRow, edited: unknown): Promise<JudgedEdit> {
  const input = canonicalJson(edited);
  checkInputBounds(input, edited);
  const parsed = JSON.parse(input) as unknown;
  if (repositoryField(parsed) !== repositoryField(JSON.parse(row.requestedInput))) {
    throw graphQLError(
      'BAD_INPUT',
      `An edit cannot change which repository the request acts on (its "repository" field): ask the agent to ask again. Nothing was decided.`,
    );
  }
  const operation = await pinnedOperation(deps, row);
  await checkAskedInput(row.tenantId, operation, input, parsed);
  // The request's owner's thresholds, as when it was asked: whoever edits, the request is theirs.
  const thresholds = findMoney(parsed).length > 0 ? await findMoneyRiskThresholds(deps.db.pool, row.tenantId, row.ownerId) : [];
  const assessed = assessRisk(operation, parsed, thresholds);
  return { input, inputHash: hashCanonical(input), risk: assessed.risk.toLowerCase() as SignOffRow['risk'], riskReasons: assessed.reasons };
}

/** An input's top-level `repository` field, canonical; undefined when it has none. */
function repositoryField(input: unknown): string | undefined {
  if (input === null || typeof input !== 'object' || Array.isArray(input) || !('repository' in input)) return undefined;
  return canonicalJson(input.repository);
}
