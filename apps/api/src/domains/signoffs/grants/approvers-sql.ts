/*
 * Who approved a request, as the approval token and the webhook body name
 * them (docs/sign-offs.md, S20). A request needing two approvals, or an
 * owner-to-owner one, records each approval in `sign_off_approvals`; a
 * request needing one is approved by its own owner (rule S12: nobody else
 * may) unless a standing rule approved it (S19), in which case no owner did.
 */

/**
 * SQL for the owners whose approval counted on request `s`, oldest first, as
 * a `text[]`: the last one is the approval that completed the request.
 * `s` names a row with the `sign_offs` columns `tenant_id`, `id`, `owner_id`
 * and `approved_by_rule`.
 */
export function approversOf(s: string): string {
  return `(SELECT CASE WHEN count(a.owner_id) > 0 THEN array_agg(a.owner_id::text ORDER BY a.approved_at, a.owner_id)
                      WHEN ${s}.approved_by_rule IS NOT NULL THEN ARRAY[]::text[]
                      ELSE ARRAY[${s}.owner_id::text] END
             FROM sign_off_approvals a WHERE a.tenant_id = ${s}.tenant_id AND a.sign_off_id = ${s}.id)`;
}
