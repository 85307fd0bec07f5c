import type { ServiceDeps } from '../../platform/lib/deps.js';
import { graphQLError } from '../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { signedHeadView, type SignedHead } from './signed-head.js';
import { entriesAfter, latestSignedHead, listAuditPublicKeys, type StoredEntry } from './store.js';

/** The most entries one page of `auditLog` holds. */
export const AUDIT_PAGE_MAX = 500;

/** Page arguments as the log takes them: `first` 1 to 500, `after` a seq this API gave out. BAD_INPUT otherwise. */
export function checkAuditPage(first: number, after: string | null | undefined): number {
  if (!Number.isInteger(first) || first < 1 || first > AUDIT_PAGE_MAX) throw graphQLError('BAD_INPUT', `"first" must be from 1 to ${AUDIT_PAGE_MAX}.`);
  if (after == null) return 0;
  if (!/^(0|[1-9][0-9]{0,14})$/.test(after))
    throw graphQLError('BAD_INPUT', 'That cursor is not one this API gave out: "after" takes the endCursor of an earlier page (a seq).');
  return Number(after);
}

/** A page of the owner's tenant's log, oldest first; the cursor is the last seq on the page. */
export async function readAuditLog(
  deps: ServiceDeps,
  owner: OwnerPrincipal,
  first: number,
  after: string | null | undefined,
): Promise<{ nodes: StoredEntry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> {
  const afterSeq = checkAuditPage(first, after);
  const rows = await entriesAfter(deps.scope.reads, owner.tenantId, afterSeq, first + 1);
  const nodes = rows.slice(0, first);
  return { nodes, pageInfo: { hasNextPage: rows.length > first, endCursor: nodes.length > 0 ? String(nodes.at(-1)!.seq) : (after ?? null) } };
}

/** The tenant's latest signed head. */
export async function readLatestSignedHead(deps: ServiceDeps, owner: OwnerPrincipal): Promise<SignedHead | null> {
  const row = await latestSignedHead(deps.scope.reads, owner.tenantId);
  return row ? signedHeadView(row) : null;
}

/** Every audit key's public half (what an auditor verifies heads with). */
export function readAuditKeys(deps: ServiceDeps) {
  return listAuditPublicKeys(deps.scope.reads);
}
