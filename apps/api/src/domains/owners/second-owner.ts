import { findFirstEntry } from '../audit/store.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { findInvitationsByIds, type InvitationRow } from './invitations-store.js';
import { findOwnersByIds, type OwnerRow } from './store.js';

/** What the second owner's joining undid (docs/tenancy.md, T11), as every owner of the tenant reads it. */
export interface SecondOwnerJoinView {
  owner: OwnerRow;
  joinedAt: Date;
  revokedInvitations: InvitationRow[];
  resetPolicies: { op: string; approvalsRequired: number; setAt: Date }[];
}

interface JoinDetail {
  revokedInvitations?: string[];
  resetPolicies?: { op: string; approvalsRequired: number; setAt: string }[];
}

/**
 * Read back from the `owner.joined` entry of the join that made the tenant
 * two owners (the entry is the record: what the chain covers is what the
 * owners see), or null while the tenant has had one owner.
 */
export async function readSecondOwnerJoin(deps: Pick<ServiceDeps, 'scope'>, principal: OwnerPrincipal): Promise<SecondOwnerJoinView | null> {
  const db = deps.scope.reads;
  const entry = await findFirstEntry(db, principal.tenantId, 'owner.joined', { ownersBefore: 1 });
  if (!entry) return null;
  const detail = entry.detail as JoinDetail;
  const ownerId = entry.subject.slice('owner:'.length);
  const [owners, revokedInvitations] = await Promise.all([
    findOwnersByIds(db, [{ tenantId: principal.tenantId, id: ownerId }]),
    findInvitationsByIds(db, principal.tenantId, detail.revokedInvitations ?? []),
  ]);
  if (!owners[0]) throw new Error(`owner ${ownerId} of audit entry ${entry.seq} is missing`);
  return {
    owner: owners[0],
    joinedAt: entry.at,
    revokedInvitations,
    resetPolicies: (detail.resetPolicies ?? []).map((policy) => ({ ...policy, setAt: new Date(policy.setAt) })),
  };
}
