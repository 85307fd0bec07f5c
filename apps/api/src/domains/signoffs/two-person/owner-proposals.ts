import { randomUUID } from 'node:crypto';
import { canonicalJson, hashCanonical } from '@countersign/manifest';
import type { Queryable } from '../../../platform/db/sql.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { readerOf } from '../../../platform/lib/reader.js';
import { isUuid } from '../../../platform/lib/validation.js';
import { checkInvitationNote, createInvitation } from '../../owners/invitations.js';
import { findInvitation, type InvitationRow } from '../../owners/invitations-store.js';
import { lockTenantOwners } from './approval-policies-store.js';
import { auditDecision } from '../decision-audit.js';
import { findOperation } from '../catalogue/operations.js';
import { findOpenOwnerProposal, insertOwnerProposal, lockOwnerProposals, takeProposalSecret, type NewOwnerProposal } from './owner-proposals-store.js';
import { findSignOff, type SignOffRow } from '../store.js';

/*
 * The two-person rule guards its own weakening (docs/sign-offs.md, S21): in
 * a tenant with two or more owners, lowering an operation's
 * approvalsRequired or inviting another owner does not take effect at once;
 * it is filed as an owner-to-owner sign-off that a second owner must
 * approve, so one stolen session cannot switch the rule off and then
 * approve alone.
 */

/** A filed (or found) owner-to-owner request. */
export interface Proposal {
  signOff: SignOffRow;
  /** True when the same change was waiting already (filed by this owner or another): it is returned instead of a second one. */
  existing: boolean;
}

/**
 * Files an owner-to-owner request in the caller's transaction: op `op`
 * (an entry of OWNER_OPERATIONS) with this exact input, approved once by
 * its proposer, waiting for a second owner. The same change open already is
 * returned instead (the tenant's proposals are serialised by a lock).
 */
async function propose(
  tx: Queryable,
  owner: OwnerPrincipal,
  op: NewOwnerProposal['op'],
  input: unknown,
  summary: string,
  riskReasons: string[],
): Promise<Proposal> {
  findOperation(op).check(input);
  const text = canonicalJson(input);
  const inputHash = hashCanonical(text);
  await lockOwnerProposals(tx, owner.tenantId);
  const waiting = await findOpenOwnerProposal(tx, owner.tenantId, op, inputHash);
  if (waiting) return { signOff: waiting, existing: true };
  const id = randomUUID();
  await insertOwnerProposal(tx, { tenantId: owner.tenantId, id, ownerId: owner.ownerId, op, input: text, inputHash, summary, riskReasons });
  const signOff = (await findSignOff(tx, owner.tenantId, id))!;
  // The proposer's approval is a first approval like any other (docs/audit.md): last, the audit head being the last lock taken.
  await auditDecision(tx, owner, id, 'partially_approved', null);
  return { signOff, existing: false };
}

/**
 * The hook the approvals setting calls when an owner of a tenant with two
 * or more owners lowers an operation's approvalsRequired: instead of
 * applying it, files `tenant.changePolicy` for a second owner's approval
 * (its deed applies the setting). Runs in the caller's transaction.
 */
export function proposePolicyChange(tx: Queryable, owner: OwnerPrincipal, op: string, approvalsRequired: 1 | 2): Promise<Proposal> {
  return propose(
    tx,
    owner,
    'tenant.changePolicy',
    { op, approvalsRequired },
    `Let ${op} run with ${approvalsRequired} approval${approvalsRequired === 1 ? '' : 's'}`,
    [`It weakens the two-person rule: ${op} would need only ${approvalsRequired} approval${approvalsRequired === 1 ? '' : 's'}.`],
  );
}

export type InviteOutcome = { kind: 'invited'; invitation: InvitationRow; token: string } | { kind: 'proposed'; signOff: SignOffRow; existing: boolean };

/**
 * An owner invites someone to join the tenant as an owner (docs/tenancy.md,
 * T10): the sole owner gets the link at once; with two or more owners it
 * is filed as `tenant.inviteOwner` for a second owner's approval, whose deed
 * creates the invitation and keeps its link for the proposer alone.
 */
export async function inviteOwner(deps: ServiceDeps, owner: OwnerPrincipal, note: string | null | undefined): Promise<InviteOutcome> {
  const label = checkInvitationNote(note);
  return deps.scope.transaction(async (tx): Promise<InviteOutcome> => {
    // The tenant row's lock first (as setApprovalsRequired takes it, then the proposals lock): no owner joins before this commits, so the count holds.
    if ((await lockTenantOwners(tx, owner.tenantId)) < 2) {
      const created = await createInvitation(tx, { tenantId: owner.tenantId, invitedBy: owner.ownerId, note: label, signOffId: null });
      return { kind: 'invited', ...created };
    }
    // A fresh invitation id makes each proposal its own: two invitations are two people.
    const input = label ? { invitationId: randomUUID(), note: label } : { invitationId: randomUUID() };
    const summary = label ? `Invite another owner (${label})` : 'Invite another owner';
    const proposal = await propose(tx, owner, 'tenant.inviteOwner', input, summary, [
      'It adds an owner, who could then approve alone what needs a second owner.',
    ]);
    return { kind: 'proposed', ...proposal };
  });
}

export type TakeLinkOutcome = { kind: 'link'; invitation: InvitationRow; token: string } | { kind: 'unavailable' } | { kind: 'not-found' };

/**
 * The proposer of an approved `tenant.inviteOwner` takes the link its deed
 * created: once, within 24 hours of the approval (the request's secret,
 * which no other owner and no agent can read).
 */
export async function takeOwnerInvitationLink(deps: ServiceDeps, owner: OwnerPrincipal, signOffId: string): Promise<TakeLinkOutcome> {
  if (!isUuid(signOffId)) return { kind: 'not-found' };
  const taken = await deps.scope.transaction(async (tx) => {
    const secret = await takeProposalSecret(tx, owner.tenantId, owner.ownerId, signOffId);
    if (!secret) return null;
    const { invitationId } = secret.result as { invitationId: string };
    const invitation = await findInvitation(tx, owner.tenantId, invitationId);
    if (!invitation) throw new Error(`invitation ${invitationId} of sign-off ${signOffId} is missing`);
    return { invitation, token: (JSON.parse(secret.secret) as { token: string }).token };
  });
  if (taken) return { kind: 'link', ...taken };
  const row = await findSignOff(deps.scope.reads, owner.tenantId, signOffId, readerOf(owner));
  return row?.op === 'tenant.inviteOwner' ? { kind: 'unavailable' } : { kind: 'not-found' };
}
