import { query, type Queryable } from '../../platform/db/sql.js';

/*
 * What a second owner's joining undoes (docs/tenancy.md, T11). These
 * statements touch the tenant row and the two-person settings, which the
 * sign-offs domain keeps, from here because the join is this domain's
 * transaction and sign-offs reach owners, not the other way round.
 */

/**
 * Takes the tenant row's lock for the rest of the joining transaction and
 * counts the owners under it: the same `FOR NO KEY UPDATE` as
 * the `lockTenantForPolicy` statement (domains/signoffs/two-person/approval-policies-store.ts), so
 * joins, invitations and approvals settings of one tenant are judged one
 * after another, and of two joins racing the second counts the first.
 */
export async function lockTenantForJoin(db: Queryable, tenantId: string): Promise<number> {
  await query(db, `/* lockTenantForJoin */ SELECT id FROM tenants WHERE id = $1::uuid FOR NO KEY UPDATE`, [tenantId]);
  const rows = await query<{ n: number }>(db, `/* countOwnersForJoin */ SELECT count(*)::int AS n FROM owners WHERE tenant_id = $1::uuid`, [tenantId]);
  return rows[0]!.n;
}

/** An approvals setting a sole owner made, as it stood when a second owner joined. */
export interface ResetPolicyRow {
  op: string;
  approvalsRequired: number;
  setAt: Date;
}

/**
 * Removes every approvals setting of the tenant, so each operation needs
 * its default again (2 for the two-person-by-default built-ins, now that
 * there are two owners). Called only when the first owner is joined by a
 * second: a sole owner can only have lowered settings (two approvals need
 * two owners), and one person's lowering must not survive into the rule
 * that two people now hold each other to.
 */
export function resetApprovalPolicies(db: Queryable, tenantId: string): Promise<ResetPolicyRow[]> {
  return query<ResetPolicyRow>(
    db,
    `/* resetApprovalPolicies */
    DELETE FROM operation_approval_policies WHERE tenant_id = $1::uuid
    RETURNING op, approvals_required::int AS "approvalsRequired", set_at AS "setAt"`,
    [tenantId],
  );
}
