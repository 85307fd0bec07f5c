import { appendAuditEntry } from '../audit/append.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { findSignOff } from './store.js';

/** What an owner's decision did to a request, as its audit entry names it. */
export type DecisionAudit = 'approved' | 'partially_approved' | 'denied';

/**
 * Records an owner's decision in the tenant's audit chain (docs/audit.md,
 * L1), in the deciding transaction and only when the decision changed the
 * request: what was decided on (operation, version, the approved and the
 * requested input hashes, agent) and the note. Called last in that transaction: the audit head is the last
 * lock taken (L2).
 */
export async function auditDecision(tx: Queryable, owner: OwnerPrincipal, id: string, decision: DecisionAudit, note: string | null): Promise<void> {
  const row = await findSignOff(tx, owner.tenantId, id);
  await appendAuditEntry(tx, {
    tenantId: owner.tenantId,
    kind: `signoff.${decision}`,
    actor: `owner:${owner.ownerId}`,
    subject: `signoff:${id}`,
    // Both hashes: what was approved, and what the agent asked (the same unless an owner approved with changes, S22).
    detail: {
      op: row?.op,
      opVersion: row?.opVersion ?? null,
      inputHash: row?.inputHash,
      requestedInputHash: row?.requestedInputHash,
      agentId: row?.agentId ?? null,
      note,
    },
  });
}

/**
 * An edit by `owner` voided `voidedOwnerId`'s first approval of a request
 * needing two (S22): that owner approved another input, and must approve
 * the edit anew. Recorded in the deciding transaction, so the log never
 * shows an approval that silently stopped counting.
 */
export async function auditVoidedApproval(tx: Queryable, owner: OwnerPrincipal, id: string, voidedOwnerId: string): Promise<void> {
  const row = await findSignOff(tx, owner.tenantId, id);
  await appendAuditEntry(tx, {
    tenantId: owner.tenantId,
    kind: 'signoff.approval_voided',
    actor: `owner:${owner.ownerId}`,
    subject: `signoff:${id}`,
    detail: { voidedOwnerId, inputHash: row?.inputHash, requestedInputHash: row?.requestedInputHash },
  });
}
