import { randomUUID } from 'node:crypto';
import { appendAuditEntry } from '../../domains/audit/append.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { graphQLError } from '../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { isUuid } from '../../platform/lib/validation.js';
import { checkWebhookUrl } from '../../platform/lib/webhook-url.js';
import { newWebhookSecret } from '../../platform/lib/webhook-signature.js';
import { ENDPOINT_SECRET_PURPOSE } from './endpoint-delivery.js';
import {
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  findEndpoint,
  insertEndpoint,
  insertTestDelivery,
  listEndpointDeliveries,
  listEndpoints,
  rotateEndpointSecret,
  type EndpointDeliveryRow,
  type EndpointRow,
  type WebhookFormatName,
} from './endpoints-store.js';
import { isNotificationEvent, NOTIFICATION_EVENTS, type NotificationEventName } from './events.js';
import { testBody } from './standard-body.js';

type Deps = ServiceDeps & { runtime: Runtime };

const MAX_DESCRIPTION = 500;

/**
 * Adds an endpoint for the owner's notifications (docs/notifications.md,
 * N3): the URL is judged by the same rules as a WEBHOOK operation's (https
 * in production, no credentials, no private address literal; names are
 * judged again at every delivery, when resolved), the events are known and
 * named once. The secret is returned this once; only its sealed form is kept.
 */
export async function createEndpoint(
  deps: Deps,
  owner: OwnerPrincipal,
  input: { url: string; events: readonly string[]; description?: string | null; format?: 'STANDARD' | 'SLACK' | null },
): Promise<{ endpoint: EndpointRow; secret: string } | 'limit-reached'> {
  const url = checkWebhookUrl(input.url, deps.runtime.production, 'url').toString();
  if (input.events.length === 0) throw graphQLError('BAD_INPUT', `events must name at least one of ${NOTIFICATION_EVENTS.join(', ')}.`);
  const events: NotificationEventName[] = [];
  for (const event of input.events) {
    if (!isNotificationEvent(event)) throw graphQLError('BAD_INPUT', `Unknown event "${event}": events are ${NOTIFICATION_EVENTS.join(', ')}.`);
    if (events.includes(event)) throw graphQLError('BAD_INPUT', `events names ${event} twice.`);
    events.push(event);
  }
  const description = input.description?.trim() || null;
  if (description && description.length > MAX_DESCRIPTION) throw graphQLError('BAD_INPUT', `description must be at most ${MAX_DESCRIPTION} characters.`);
  const format: WebhookFormatName = input.format === 'SLACK' ? 'slack' : 'standard';
  const secret = newWebhookSecret();
  const inserted = await deps.scope.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      tenantId: owner.tenantId,
      id: randomUUID(),
      ownerId: owner.ownerId,
      url,
      format,
      events,
      description,
      sealedSecret: deps.runtime.box.seal(secret, ENDPOINT_SECRET_PURPOSE),
    });
    // Where the tenant's news goes is of record (docs/audit.md, L1); a refused one appends nothing.
    if (row !== 'too-many') {
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'webhook_endpoint.created',
        actor: `owner:${owner.ownerId}`,
        subject: `webhook_endpoint:${row.id}`,
        detail: { url, format, events },
      });
    }
    return row;
  });
  // At the cap: an answer as data (LimitReached), so a client can tell it from a bad request.
  if (inserted === 'too-many') return 'limit-reached';
  return { endpoint: inserted, secret };
}

export function listOwnerEndpoints(deps: ServiceDeps, owner: OwnerPrincipal): Promise<EndpointRow[]> {
  return listEndpoints(deps.db.pool, owner.tenantId, owner.ownerId);
}

/** One of the owner's endpoints; another owner's (or tenant's) id reads as none. */
export function findOwnerEndpoint(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<EndpointRow | null> {
  return isUuid(id) ? findEndpoint(deps.db.pool, owner.tenantId, owner.ownerId, id) : Promise.resolve(null);
}

export function setEndpointEnabled(deps: ServiceDeps, owner: OwnerPrincipal, id: string, enabled: boolean): Promise<EndpointRow | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return deps.scope.transaction((tx) =>
    enabled ? enableEndpoint(tx, owner.tenantId, owner.ownerId, id) : disableEndpoint(tx, owner.tenantId, owner.ownerId, id, 'Disabled by its owner.'),
  );
}

export function removeEndpoint(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<boolean> {
  if (!isUuid(id)) return Promise.resolve(false);
  return deps.scope.transaction((tx) => deleteEndpoint(tx, owner.tenantId, owner.ownerId, id));
}

export async function rotateEndpoint(deps: Deps, owner: OwnerPrincipal, id: string): Promise<{ endpoint: EndpointRow; secret: string } | null> {
  if (!isUuid(id)) return null;
  const secret = newWebhookSecret();
  const endpoint = await deps.scope.transaction((tx) =>
    rotateEndpointSecret(tx, owner.tenantId, owner.ownerId, id, deps.runtime.box.seal(secret, ENDPOINT_SECRET_PURPOSE)),
  );
  return endpoint ? { endpoint, secret } : null;
}

/** Queues a signed WEBHOOK_TEST delivery to the endpoint (a disabled one too: testing is how an owner checks it is back). */
export async function sendTestDelivery(deps: Deps, owner: OwnerPrincipal, id: string): Promise<EndpointDeliveryRow | null> {
  if (!isUuid(id)) return null;
  const eventId = randomUUID();
  const queued = await deps.scope.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, owner.tenantId, owner.ownerId, id);
    if (!endpoint) return null;
    await insertTestDelivery(tx, owner.tenantId, id, randomUUID(), eventId, testBody(deps.clock(), id));
    return (await listEndpointDeliveries(tx, owner.tenantId, id, 1))[0] ?? null;
  });
  if (queued) deps.runtime.wakeDeliveries();
  return queued;
}

export function endpointDeliveries(deps: ServiceDeps, tenantId: string, endpointId: string, first: number): Promise<EndpointDeliveryRow[]> {
  if (!Number.isSafeInteger(first) || first < 1 || first > 50) throw graphQLError('BAD_INPUT', 'first must be from 1 to 50.');
  return listEndpointDeliveries(deps.db.pool, tenantId, endpointId, first);
}
