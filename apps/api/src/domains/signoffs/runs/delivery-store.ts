import { randomUUID } from 'node:crypto';
import { query, type Queryable } from '../../../platform/db/sql.js';
import { approversOf } from '../grants/approvers-sql.js';
import { GRANT_LIFE } from '../policy.js';
import { ANNOUNCE_CHANGED } from '../store.js';

/**
 * Writes the delivery of an approved WEBHOOK request into the outbox, in the
 * deciding transaction: the decision and its delivery commit together or
 * not at all. The body is fixed here, so every attempt sends the same bytes.
 */
export async function enqueueDelivery(db: Queryable, tenantId: string, signOffId: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* enqueueDelivery */
    INSERT INTO outbox (id, tenant_id, channel, sign_off_id, target, payload, give_up_at)
    SELECT $3::uuid, s.tenant_id, 'webhook', s.id, o.webhook_url,
           CASE WHEN s.approved_by_rule IS NULL THEN json_build_object(${bodyFields(true)}) ELSE json_build_object(${bodyFields(false)}) END::text,
           s.decided_at + ${GRANT_LIFE}
      FROM sign_offs s JOIN operations o ON o.tenant_id = s.tenant_id AND o.op = s.op AND o.version = s.op_version
           CROSS JOIN LATERAL (SELECT ${approversOf('s')} AS list) approvers
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid AND s.state = 'delivering' /* guard: only an approved webhook request is delivered */
    ON CONFLICT DO NOTHING
    RETURNING id`,
    [tenantId, signOffId, randomUUID()],
  );
  return rows.length === 1;
}

/**
 * The webhook body's fields: `input` is the approved input, what the endpoint acts on; `requestedInput` the agent's,
 * and `changedByOwner` whether an owner approved another (docs/sign-offs.md, S22). Who approved, as the approval
 * token names them (S20): `approvedBy` is the approval that completed
 * the request, there only when an owner's did; `approvers` every owner whose approval counted; `rule` the standing
 * rule that approved it, when one did.
 */
function bodyFields(approvedByOwner: boolean): string {
  return `'id', s.id, 'op', s.op, 'opVersion', s.op_version, 'input', s.input::json,
          'requestedInput', s.requested_input::json, 'changedByOwner', s.input_hash <> s.requested_input_hash, 'agent', s.agent_id,
          ${approvedByOwner ? `'approvedBy', approvers.list[cardinality(approvers.list)],` : `'rule', s.approved_by_rule,`}
          'approvers', approvers.list, 'approvedAt', to_char(s.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** What a delivery needs to know of its request when it comes to send. */
export interface DeliveryTarget {
  state: string;
  op: string;
  secretFields: string[];
}

export async function findDeliveryTarget(db: Queryable, tenantId: string, signOffId: string): Promise<DeliveryTarget | null> {
  const rows = await query<DeliveryTarget>(
    db,
    `/* findDeliveryTarget */
    SELECT s.state, s.op, o.secret_fields AS "secretFields"
      FROM sign_offs s JOIN operations o ON o.tenant_id = s.tenant_id AND o.op = s.op AND o.version = s.op_version
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid`,
    [tenantId, signOffId],
  );
  return rows[0] ?? null;
}

/** Announces a request whose row did not change (a delivery attempt was recorded), so the owner's view shows the attempt live. */
export async function announceSignOff(db: Queryable, tenantId: string, signOffId: string): Promise<void> {
  await query(
    db,
    `/* announceSignOff */
    WITH changed AS (SELECT tenant_id, id, owner_id, agent_id FROM sign_offs WHERE tenant_id = $1::uuid AND id = $2::uuid) ${ANNOUNCE_CHANGED}`,
    [tenantId, signOffId],
  );
}

/** One delivery attempt of a WEBHOOK request, as its owner reads it. */
export interface AttemptRow {
  attempt: number;
  at: Date;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * A WEBHOOK sign-off's own delivery attempts, oldest first. Only the
 * `webhook` channel: the request's notifications (to an owner's endpoint, by
 * e-mail or push) carry its id too, and an owner's endpoint is that owner's
 * own, not part of the request's record that every owner of the tenant reads.
 */
export function listSignOffAttempts(db: Queryable, tenantId: string, signOffId: string): Promise<AttemptRow[]> {
  return query<AttemptRow>(
    db,
    `/* listSignOffAttempts */
    SELECT a.attempt, a.at, a.status, a.latency_ms AS "latencyMs", a.error
      FROM outbox o JOIN outbox_attempts a ON a.outbox_id = o.id
     WHERE o.tenant_id = $1::uuid AND o.sign_off_id = $2::uuid AND o.channel = 'webhook'
     ORDER BY a.attempt, a.at`,
    [tenantId, signOffId],
  );
}
