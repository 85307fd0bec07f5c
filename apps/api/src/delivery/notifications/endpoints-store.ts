import { query, type Queryable } from '../../platform/db/sql.js';
import type { NotificationEventName } from './events.js';

export type WebhookFormatName = 'standard' | 'slack';

export interface EndpointRow {
  tenantId: string;
  id: string;
  ownerId: string;
  url: string;
  format: WebhookFormatName;
  events: NotificationEventName[];
  description: string | null;
  createdAt: Date;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
}

/** An owner may have this many endpoints: enough for every real setup, few enough that one event never fans out without bound. */
export const MAX_ENDPOINTS_PER_OWNER = 20;

const COLUMNS = `tenant_id AS "tenantId", id, owner_id AS "ownerId", url, format, events, description, created_at AS "createdAt",
  disabled_at AS "disabledAt", disabled_reason AS "disabledReason", failing_since AS "failingSince"`;

/**
 * Adds an endpoint unless the owner has the maximum already. The owner's
 * endpoints are counted under a per-owner advisory lock, so two racing
 * creations cannot both pass a count of 19.
 */
export async function insertEndpoint(
  tx: Queryable,
  endpoint: Omit<EndpointRow, 'createdAt' | 'disabledAt' | 'disabledReason' | 'failingSince'> & { sealedSecret: string },
): Promise<EndpointRow | 'too-many'> {
  await query(tx, `/* lockOwnerEndpoints */ SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1::text, 0))`, [endpoint.ownerId]);
  const rows = await query<EndpointRow>(
    tx,
    `/* insertEndpoint */
    INSERT INTO webhook_endpoints (tenant_id, id, owner_id, url, format, events, description, secret)
    SELECT $1::uuid, $2::uuid, $3::uuid, $4, $5, $6::text[], $7, $8
     WHERE (SELECT count(*) FROM webhook_endpoints WHERE tenant_id = $1::uuid AND owner_id = $3::uuid) < ${MAX_ENDPOINTS_PER_OWNER} /* guard: at most 20 per owner */
    RETURNING ${COLUMNS}`,
    [endpoint.tenantId, endpoint.id, endpoint.ownerId, endpoint.url, endpoint.format, endpoint.events, endpoint.description, endpoint.sealedSecret],
  );
  return rows[0] ?? 'too-many';
}

export function listEndpoints(db: Queryable, tenantId: string, ownerId: string): Promise<EndpointRow[]> {
  return query<EndpointRow>(
    db,
    `/* listEndpoints */ SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1::uuid AND owner_id = $2::uuid ORDER BY created_at DESC, id`,
    [tenantId, ownerId],
  );
}

export async function findEndpoint(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<EndpointRow | null> {
  const rows = await query<EndpointRow>(
    db,
    `/* findEndpoint */ SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid`,
    [tenantId, ownerId, id],
  );
  return rows[0] ?? null;
}

/** The owner's enabled endpoints subscribed to an event (the fan-out's question). */
export function subscribedEndpoints(
  db: Queryable,
  tenantId: string,
  ownerId: string,
  event: NotificationEventName,
): Promise<{ id: string; format: WebhookFormatName }[]> {
  return query(
    db,
    `/* subscribedEndpoints */
    SELECT id, format FROM webhook_endpoints
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND disabled_at IS NULL /* guard: a disabled endpoint is told nothing */ AND $3 = ANY (events)
     ORDER BY created_at, id`,
    [tenantId, ownerId, event],
  );
}

/** Disables an enabled endpoint (the first reason stays); its waiting deliveries then fail when they come up. */
export async function disableEndpoint(db: Queryable, tenantId: string, ownerId: string, id: string, reason: string): Promise<EndpointRow | null> {
  const rows = await query<EndpointRow>(
    db,
    `/* disableEndpoint */
    UPDATE webhook_endpoints SET disabled_at = coalesce(disabled_at, now()), disabled_reason = coalesce(disabled_reason, $4)
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid
    RETURNING ${COLUMNS}`,
    [tenantId, ownerId, id, reason],
  );
  return rows[0] ?? null;
}

export async function enableEndpoint(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<EndpointRow | null> {
  const rows = await query<EndpointRow>(
    db,
    `/* enableEndpoint */
    UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL, failing_since = NULL
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid
    RETURNING ${COLUMNS}`,
    [tenantId, ownerId, id],
  );
  return rows[0] ?? null;
}

/** Deletes an endpoint with its deliveries and their attempts, in one statement. */
export async function deleteEndpoint(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* deleteEndpoint */
    WITH gone AS (
      DELETE FROM webhook_endpoints WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid RETURNING tenant_id, id::text AS target
    ), rows AS (
      SELECT o.id FROM outbox o JOIN gone ON o.tenant_id = gone.tenant_id AND o.channel = 'endpoint' AND o.target = gone.target
    ), attempts AS (
      DELETE FROM outbox_attempts WHERE outbox_id IN (SELECT id FROM rows)
    ), deliveries AS (
      DELETE FROM outbox WHERE id IN (SELECT id FROM rows)
    )
    SELECT 1 FROM gone`,
    [tenantId, ownerId, id],
  );
  return rows.length === 1;
}

/** Replaces the secret; the previous one keeps signing for 24 hours, so a receiver can switch without losing a delivery. */
export async function rotateEndpointSecret(db: Queryable, tenantId: string, ownerId: string, id: string, sealedSecret: string): Promise<EndpointRow | null> {
  const rows = await query<EndpointRow>(
    db,
    `/* rotateEndpointSecret */
    UPDATE webhook_endpoints SET previous_secret = secret, previous_until = now() + interval '24 hours', secret = $4
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid
    RETURNING ${COLUMNS}`,
    [tenantId, ownerId, id, sealedSecret],
  );
  return rows[0] ?? null;
}

/** What a delivery needs of its endpoint when it comes to send: the URL, whether it still wants it, and the sealed secrets that sign. */
export interface EndpointTarget {
  url: string;
  format: WebhookFormatName;
  disabled: boolean;
  secrets: string[];
}

export async function endpointTarget(db: Queryable, tenantId: string, id: string): Promise<EndpointTarget | null> {
  const rows = await query<EndpointTarget>(
    db,
    `/* endpointTarget */
    SELECT url, format, disabled_at IS NOT NULL AS disabled,
           array_remove(ARRAY[secret, CASE WHEN previous_until > now() THEN previous_secret END], NULL) AS secrets
      FROM webhook_endpoints WHERE tenant_id = $1::uuid AND id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/**
 * Records how an attempt went on the endpoint itself: a success clears the
 * failing run; a failure starts one, and a run 3 days long disables the
 * endpoint (returned true then, once), so an owner is told in the console
 * rather than deliveries piling up against an endpoint that is gone.
 */
export async function recordEndpointHealth(db: Queryable, tenantId: string, id: string, ok: boolean): Promise<boolean> {
  if (ok) {
    await query(
      db,
      `/* endpointHealthy */ UPDATE webhook_endpoints SET failing_since = NULL WHERE tenant_id = $1::uuid AND id = $2::uuid AND failing_since IS NOT NULL`,
      [tenantId, id],
    );
    return false;
  }
  const rows = await query<{ disabledNow: boolean }>(
    db,
    `/* endpointFailing */
    UPDATE webhook_endpoints
       SET failing_since = coalesce(failing_since, now()),
           disabled_at = CASE WHEN disabled_at IS NULL AND failing_since <= now() - interval '3 days' THEN now() ELSE disabled_at END,
           disabled_reason = CASE WHEN disabled_at IS NULL AND failing_since <= now() - interval '3 days'
                                  THEN 'Disabled after failing continuously for 3 days; enable it once the endpoint answers again.' ELSE disabled_reason END
     WHERE tenant_id = $1::uuid AND id = $2::uuid
    RETURNING (disabled_at = now()) AS "disabledNow"`,
    [tenantId, id],
  );
  return rows[0]?.disabledNow ?? false;
}

export interface EndpointDeliveryRow {
  id: string;
  event: string;
  createdAt: Date;
  doneAt: Date | null;
  attempts: number;
  lastAttemptAt: Date | null;
  status: number | null;
  latencyMs: number | null;
  error: string | null;
  /** The first bytes of the endpoint's answer at the latest attempt. */
  response: string | null;
  succeeded: boolean;
}

/** An endpoint's latest deliveries with their latest attempt, newest first. */
export function listEndpointDeliveries(db: Queryable, tenantId: string, endpointId: string, first: number): Promise<EndpointDeliveryRow[]> {
  return query<EndpointDeliveryRow>(
    db,
    `/* listEndpointDeliveries */
    SELECT o.event_id AS id, o.event, o.created_at AS "createdAt", o.done_at AS "doneAt", o.attempts,
           a.at AS "lastAttemptAt", a.status, a.latency_ms AS "latencyMs", a.error, a.response,
           coalesce(a.status BETWEEN 200 AND 299, false) AS succeeded
      FROM outbox o
      LEFT JOIN LATERAL (SELECT * FROM outbox_attempts t WHERE t.outbox_id = o.id ORDER BY t.attempt DESC LIMIT 1) a ON true
     WHERE o.tenant_id = $1::uuid AND o.channel = 'endpoint' AND o.target = $2
     ORDER BY o.created_at DESC, o.id LIMIT $3`,
    [tenantId, endpointId, first],
  );
}

/** Writes one delivery to an endpoint directly (a test): no event behind it. */
export async function insertTestDelivery(db: Queryable, tenantId: string, endpointId: string, rowId: string, eventId: string, payload: string): Promise<void> {
  await query(
    db,
    `/* insertTestDelivery */
    INSERT INTO outbox (id, tenant_id, channel, target, payload, give_up_at, event_id, event, event_at)
    VALUES ($3::uuid, $1::uuid, 'endpoint', $2, $5, now() + interval '1 hour', $4::uuid, 'WEBHOOK_TEST', now())`,
    [tenantId, endpointId, rowId, eventId, payload],
  );
}
