import type { PrismaClient } from '../../../generated/prisma/client.js';
import { query, type Queryable } from '../../../platform/db/sql.js';

/*
 * How many approvals each operation's requests need, per tenant
 * (docs/sign-offs.md, S20): an owner's setting, or the default.
 */

/** An operation's setting as an owner made it. */
export interface ApprovalPolicyRow {
  op: string;
  approvalsRequired: 1 | 2;
  setBy: string;
  setAt: Date;
}

/**
 * The built-ins that need two approvals by default in a tenant of more than
 * one owner: the irreversible losses of a repository, and the grant of an
 * authority (spending power one stolen session should not hand out alone).
 */
export const TWO_PERSON_BY_DEFAULT: readonly string[] = ['repository.delete', 'repository.transfer', 'authority.grant'];

/**
 * How many approvals a request for `op` needs if asked now: the owners'
 * setting, else the default (`defaultApprovalsRequired`, the one place the
 * default is written). Read in the asking transaction and stored with the
 * request.
 */
export async function findApprovalsRequired(db: Queryable, tenantId: string, op: string): Promise<1 | 2> {
  const rows = await query<{ setting: 1 | 2 | null; owners: number }>(
    db,
    `/* findApprovalsRequired */
    SELECT (SELECT p.approvals_required FROM operation_approval_policies p WHERE p.tenant_id = $1::uuid AND p.op = $2)::int AS setting,
           (SELECT count(*) FROM owners o WHERE o.tenant_id = $1::uuid)::int AS owners`,
    [tenantId, op],
  );
  const { setting, owners } = rows[0]!;
  return setting ?? defaultApprovalsRequired(op, owners);
}

/**
 * The approvals a request for `op` needs when no owner set them: 2 for the
 * operations above in a tenant of more than one owner, else 1. Both the
 * asking transaction (`findApprovalsRequired`) and the list of every
 * operation's setting read it here.
 */
export function defaultApprovalsRequired(op: string, owners: number): 1 | 2 {
  return TWO_PERSON_BY_DEFAULT.includes(op) && owners > 1 ? 2 : 1;
}

/** Every setting the tenant's owners made, by operation, and how many owners the tenant has: the `approvalPolicies` query's read, so Prisma's. */
export async function listApprovalPolicies(prisma: PrismaClient, tenantId: string): Promise<{ policies: ApprovalPolicyRow[]; owners: number }> {
  const [rows, owners] = await Promise.all([
    prisma.operationApprovalPolicy.findMany({
      where: { tenantId },
      select: { op: true, approvalsRequired: true, setBy: true, setAt: true },
      orderBy: { op: 'asc' },
    }),
    prisma.owner.count({ where: { tenantId } }),
  ]);
  // The column's CHECK holds it to 1 or 2; Prisma knows it only as a number.
  return { policies: rows.map((row) => ({ ...row, approvalsRequired: row.approvalsRequired as 1 | 2 })), owners };
}

/**
 * Takes the tenant row's lock for the rest of the transaction, so policy
 * changes and invitations of one tenant are judged one after another, and
 * returns the number of owners. `FOR NO KEY UPDATE`, not `FOR UPDATE`: every
 * insert that points at the tenant (an owner joining, an outbox row, a
 * tenant's first audit head) takes a key-share lock on this row, and
 * blocking those would deadlock with a transaction that took one of them
 * and then waits on a lock held here (the audit head's, say). A join
 * through an invitation takes this same lock before it counts (the
 * `lockTenantForJoin` statement, domains/owners/second-owner-store.ts), since the
 * second owner's joining resets these settings (docs/tenancy.md, T11): a
 * change and a join of one tenant never interleave.
 */
export async function lockTenantOwners(db: Queryable, tenantId: string): Promise<number> {
  await query(db, `/* lockTenantForPolicy */ SELECT id FROM tenants WHERE id = $1::uuid FOR NO KEY UPDATE`, [tenantId]);
  const rows = await query<{ n: number }>(db, `/* countOwners */ SELECT count(*)::int AS n FROM owners WHERE tenant_id = $1::uuid`, [tenantId]);
  return rows[0]!.n;
}

/** Sets an operation's approvals (a second call replaces the first) and returns the setting. */
export async function saveApprovalPolicy(
  db: Queryable,
  tenantId: string,
  setBy: string,
  change: { op: string; approvalsRequired: 1 | 2 },
): Promise<ApprovalPolicyRow> {
  const rows = await query<ApprovalPolicyRow>(
    db,
    `/* saveApprovalPolicy */
    INSERT INTO operation_approval_policies (tenant_id, op, approvals_required, set_by) VALUES ($1::uuid, $2, $3::smallint, $4::uuid)
    ON CONFLICT (tenant_id, op) DO UPDATE SET approvals_required = EXCLUDED.approvals_required, set_by = EXCLUDED.set_by, set_at = now()
    RETURNING op, approvals_required::int AS "approvalsRequired", set_by AS "setBy", set_at AS "setAt"`,
    [tenantId, change.op, change.approvalsRequired, setBy],
  );
  return rows[0]!;
}
