import { appendAuditEntry } from '../../audit/append.js';
import type { Queryable } from '../../../platform/db/sql.js';

/**
 * Appends `policy.changed` for an approvals setting saved, in the saving
 * transaction and last, the audit head being the last lock taken
 * (docs/audit.md, L1): by `setApprovalsRequired`, or by the deed of an
 * approved `tenant.changePolicy` (`signOffId`, its request).
 */
export async function auditPolicyChange(
  tx: Queryable,
  tenantId: string,
  ownerId: string,
  change: { op: string; approvalsRequired: 1 | 2 },
  signOffId: string | null,
): Promise<void> {
  await appendAuditEntry(tx, {
    tenantId,
    kind: 'policy.changed',
    actor: `owner:${ownerId}`,
    subject: `operation:${change.op}`,
    detail: { setting: 'approvalsRequired', approvalsRequired: change.approvalsRequired, signOffId },
  });
}
