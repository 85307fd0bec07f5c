import type { Queryable } from '../db/sql.js';
import { decidePending, type SignOffRow } from './store.js';
import { approveFirst, approveSecond, awaitsAnotherApprover } from './two-person-store.js';

/*
 * The two-person rule's decision step (docs/sign-offs.md, S20), inside the
 * deciding transaction. A request needing one approval is decided by one
 * statement, as ever; one needing two takes a first approval, then a second
 * from another owner, each one conditional statement.
 */

/**
 * What one owner's decision did: decided the request (a denial, a single
 * approval, or a second approval), gave it its first approval, nothing
 * because this owner gave the first approval already, or nothing at all (it
 * is closed, or not theirs to decide).
 */
export type DecisionStep = 'decided' | 'first-approval' | 'second-approver-required' | 'none';

/** The states in which a request waits for an approval (S20): open to a decision. */
export const AWAITING_APPROVAL: readonly SignOffRow['state'][] = ['pending', 'partially_approved'];

/**
 * One owner's decision, in the caller's transaction. A denial, or the
 * approval of a request needing one, is `decidePending`; an approval that
 * finds nothing there tries a first approval, then a second one. Each
 * statement re-reads the row, so a request that moved on between them
 * (another owner's approval, a denial, its window) is judged as it is then.
 */
export async function decideStep(tx: Queryable, tenantId: string, ownerId: string, id: string, approve: boolean, note: string | null): Promise<DecisionStep> {
  if (await decidePending(tx, tenantId, ownerId, id, approve, note)) return 'decided';
  if (!approve) return 'none';
  if (await approveFirst(tx, tenantId, ownerId, id, note)) return 'first-approval';
  if (await approveSecond(tx, tenantId, ownerId, id, note)) return 'decided';
  return (await awaitsAnotherApprover(tx, tenantId, ownerId, id)) ? 'second-approver-required' : 'none';
}
