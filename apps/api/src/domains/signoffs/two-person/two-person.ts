import type { Queryable } from '../../../platform/db/sql.js';
import { decidePending, type SignOffRow } from '../store.js';
import { approveFirst, approveSecond, awaitsAnotherApprover } from './two-person-store.js';
import { approveEditedAgain, editOpenInput, lockChangedInput, lockCurrentInput, type JudgedEdit } from '../approve-with-changes-store.js';

/*
 * The two-person rule's decision step (docs/sign-offs.md, S20), inside the
 * deciding transaction. A request needing one approval is decided by one
 * statement, as ever; one needing two takes a first approval, then a second
 * from another owner, each one conditional statement.
 */

/**
 * What one owner's decision did: decided the request (a denial, a single
 * approval, or a second approval), gave it its first approval, nothing
 * because this owner gave the first approval already, nothing because its
 * input is no longer the one the owner saw (S22), or nothing at all (it is
 * closed, or not theirs to decide).
 */
export type DecisionStep = 'decided' | 'first-approval' | 'second-approver-required' | 'input-mismatch' | 'none';

/** A decision step, and the owners whose first approval an edit voided (they approved another input, S22). */
export interface Decided {
  step: DecisionStep;
  voided: readonly string[];
}

/**
 * An approval of the input the owner saw (docs/sign-offs.md, S22): its hash,
 * and the edited input to approve in its place, if any.
 */
export interface SeenInput {
  expectedInputHash: string;
  edit: JudgedEdit | null;
}

/** The states in which a request waits for an approval (S20): open to a decision. */
export const AWAITING_APPROVAL: readonly SignOffRow['state'][] = ['pending', 'partially_approved'];

/**
 * One owner's decision, in the caller's transaction. A denial, or the
 * approval of a request needing one, is `decidePending`; an approval that
 * finds nothing there tries a first approval, then a second one. Each
 * statement re-reads the row, so a request that moved on between them
 * (another owner's approval, a denial, its window) is judged as it is then.
 */
export async function decideStep(
  tx: Queryable,
  tenantId: string,
  ownerId: string,
  id: string,
  approve: boolean,
  note: string | null,
  seen?: SeenInput,
): Promise<Decided> {
  if (seen) {
    // Locked until the decision commits: the input judged against the owner's view cannot change before it.
    const current = await lockCurrentInput(tx, tenantId, id);
    if (current !== null && current !== seen.expectedInputHash) return only('input-mismatch');
    if (seen.edit) return editedStep(tx, tenantId, ownerId, id, note, seen.expectedInputHash, seen.edit);
  } else if (approve && (await lockChangedInput(tx, tenantId, id))) {
    // Another owner approved it with changes: approving the edit names its hash (the console sends the one shown),
    // so a stale page, a batch, a script or the CLI never approves an input nobody showed this owner.
    return only('input-mismatch');
  }
  return only(await plainStep(tx, tenantId, ownerId, id, approve, note));
}

const only = (step: DecisionStep): Decided => ({ step, voided: [] });

async function plainStep(tx: Queryable, tenantId: string, ownerId: string, id: string, approve: boolean, note: string | null): Promise<DecisionStep> {
  if (await decidePending(tx, tenantId, ownerId, id, approve, note)) return 'decided';
  if (!approve) return 'none';
  if (await approveFirst(tx, tenantId, ownerId, id, note)) return 'first-approval';
  if (await approveSecond(tx, tenantId, ownerId, id, note)) return 'decided';
  return (await awaitsAnotherApprover(tx, tenantId, ownerId, id)) ? 'second-approver-required' : 'none';
}

/**
 * An approval with changes: the edit is written, then the approval it goes
 * with. A request needing one approval is decided; one needing two gets this
 * owner's approval as its first, whether it was pending or half-approved by
 * another owner (whose approval the edit voided: they approved another input).
 * The row is locked and every guard of the decision is one of the edit's, so
 * an edit that was written is always followed by its approval.
 */
async function editedStep(
  tx: Queryable,
  tenantId: string,
  ownerId: string,
  id: string,
  note: string | null,
  seenHash: string,
  edit: JudgedEdit,
): Promise<Decided> {
  const stored = await editOpenInput(tx, tenantId, ownerId, id, seenHash, edit);
  if (!stored) return only((await awaitsAnotherApprover(tx, tenantId, ownerId, id)) ? 'second-approver-required' : 'none');
  const approved =
    stored.approvalsRequired === 1
      ? (await decidePending(tx, tenantId, ownerId, id, true, note)) && 'decided'
      : ((await approveFirst(tx, tenantId, ownerId, id, note)) || (await approveEditedAgain(tx, tenantId, ownerId, id, note))) && 'first-approval';
  // Unreachable while the guards agree; thrown, so the edit rolls back with the transaction rather than stand undecided.
  if (!approved) throw new Error(`sign-off ${id}: an edit was written but its approval found nothing to change`);
  return { step: approved, voided: stored.voided };
}
