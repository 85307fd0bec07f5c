import type { Queryable } from '../../../platform/db/sql.js';
import { auditPolicyChange } from './policy-audit.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { findLatest, liveOperationNames } from '../../operations/store.js';
import { OPERATIONS } from '../catalogue/operations.js';
import { proposePolicyChange } from './owner-proposals.js';
import type { SignOffRow } from '../store.js';
import {
  defaultApprovalsRequired,
  findApprovalsRequired,
  listApprovalPolicies,
  lockTenantOwners,
  saveApprovalPolicy,
  type ApprovalPolicyRow,
} from './approval-policies-store.js';

/*
 * The two-person rule's setting per operation (docs/sign-offs.md, S20): how
 * many approvals, from different owners of the tenant, a request for it
 * needs. Raising it takes effect at once; lowering it in a tenant of two or
 * more owners takes a second owner's approval (an owner-to-owner request of
 * op `tenant.changePolicy`, S21, whose deed saves the setting).
 */

/** One operation's setting as the owners read it. */
export interface ApprovalPolicyView {
  op: string;
  approvalsRequired: 1 | 2;
  /** True when no owner set it: the default holds. */
  isDefault: boolean;
  setBy: string | null;
  setAt: Date | null;
}

/** A change of one operation's setting, checked. */
export interface ApprovalPolicyChange {
  op: string;
  approvalsRequired: 1 | 2;
}

export type SetApprovalsOutcome =
  | { kind: 'set'; policy: ApprovalPolicyView }
  /**
   * Lowering in a tenant of two or more owners: filed as an owner-to-owner
   * request (`tenant.changePolicy`, S21) waiting for a second owner's
   * approval; nothing changed yet. `existing`: the same change was waiting already.
   */
  | { kind: 'proposed'; signOff: SignOffRow; existing: boolean };

/**
 * Every operation the tenant's agents may ask for (built-ins, then live
 * defined ones), each with its setting: the `approvalPolicies` query's
 * read, through Prisma.
 */
export async function approvalPolicies(deps: Pick<ServiceDeps, 'db'>, owner: OwnerPrincipal): Promise<ApprovalPolicyView[]> {
  const [defined, { policies, owners }] = await Promise.all([
    liveOperationNames(deps.db.prisma, owner.tenantId),
    listApprovalPolicies(deps.db.prisma, owner.tenantId),
  ]);
  const ops = [...OPERATIONS.map((operation) => operation.op), ...defined];
  const byOp = new Map(policies.map((row) => [row.op, row]));
  return ops.map((op) => {
    const row = byOp.get(op);
    if (row) return viewOf(row);
    // The default of a two-person-by-default operation depends on the owners, counted once for the whole list.
    return { op, approvalsRequired: defaultApprovalsRequired(op, owners), isDefault: true, setBy: null, setAt: null };
  });
}

function viewOf(row: ApprovalPolicyRow): ApprovalPolicyView {
  return { op: row.op, approvalsRequired: row.approvalsRequired, isDefault: false, setBy: row.setBy, setAt: row.setAt };
}

/**
 * Checks a change: 1 or 2 approvals, for a built-in or one of the tenant's
 * defined operations (retired ones too: their open requests still decide);
 * BAD_INPUT otherwise, changing nothing.
 */
export async function checkApprovalPolicyChange(
  db: Queryable,
  tenantId: string,
  input: { op: string; approvalsRequired: number },
): Promise<ApprovalPolicyChange> {
  const { op, approvalsRequired } = input;
  if (approvalsRequired !== 1 && approvalsRequired !== 2) {
    throw graphQLError('BAD_INPUT', `"approvalsRequired" is 1 or 2 (two approvals from two different owners), not ${approvalsRequired}.`);
  }
  const known = OPERATIONS.some((operation) => operation.op === op) || (await findLatest(db, tenantId, op)) !== null;
  if (!known) {
    throw graphQLError(
      'BAD_INPUT',
      `Unknown operation "${op}". The built-in ones are ${OPERATIONS.map((o) => o.op).join(', ')}; the \`operations\` query lists your owners' too.`,
    );
  }
  return { op, approvalsRequired };
}

/**
 * An owner sets how many approvals an operation's requests need, for
 * requests asked from then on. Two needs a second owner in the tenant to
 * give the second approval (BAD_INPUT otherwise). Raising it (or keeping
 * it) applies at once; lowering it in a tenant of two or more owners does
 * not: it is filed, in this transaction, as an owner-to-owner request for a
 * second owner's approval (S21). The tenant row is locked first, so no owner
 * joins, and no other change of the tenant's settings commits, between the
 * count and the change.
 */
export async function setApprovalsRequired(
  deps: ServiceDeps,
  owner: OwnerPrincipal,
  input: { op: string; approvalsRequired: number },
): Promise<SetApprovalsOutcome> {
  return deps.scope.transaction(async (tx) => {
    const change = await checkApprovalPolicyChange(tx, owner.tenantId, input);
    const owners = await lockTenantOwners(tx, owner.tenantId);
    if (change.approvalsRequired === 2 && owners < 2) {
      throw graphQLError('BAD_INPUT', `Two approvals need two owners, and this tenant has one: invite a second owner (inviteOwner) first.`);
    }
    const current = await findApprovalsRequired(tx, owner.tenantId, change.op);
    if (change.approvalsRequired < current && owners >= 2) {
      return { kind: 'proposed', ...(await proposePolicyChange(tx, owner, change.op, change.approvalsRequired)) };
    }
    const saved = await saveApprovalPolicy(tx, owner.tenantId, owner.ownerId, change);
    await auditPolicyChange(tx, owner.tenantId, owner.ownerId, change, null);
    return { kind: 'set', policy: viewOf(saved) };
  });
}
