import { appendAuditEntry } from '../audit/append.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';

/**
 * Appends an operation's definition or retirement to the tenant's chain, in
 * the changing transaction and last (docs/audit.md, L1): what agents may ask
 * for, and where a WEBHOOK operation sends it, is of record.
 */
export async function auditOperation(
  tx: Queryable,
  owner: OwnerPrincipal,
  kind: 'operation.defined' | 'operation.retired',
  op: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await appendAuditEntry(tx, { tenantId: owner.tenantId, kind, actor: `owner:${owner.ownerId}`, subject: `operation:${op}`, detail });
}
