import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import type { Runtime } from '../../../platform/lib/runtime.js';
import { checkName, isUuid } from '../../../platform/lib/validation.js';
import { checkWebhookUrl } from '../../../platform/lib/webhook-url.js';
import { deleteOwnerDevice, listDevices, upsertDevice, type PushDeviceRow } from './devices-store.js';
import { checkPushKeys } from './push-keys.js';

type Deps = ServiceDeps & { runtime: Runtime };

const MAX_NAME = 100;

/**
 * Registers the owner's browser for push, or updates it when the browser
 * registers the same endpoint again (same device, new name and keys).
 * Everything is checked before anything is stored: the name; the endpoint
 * by the rules of a webhook URL (https in production, no credentials, no
 * private address literal; a hostname is judged again at each delivery,
 * resolved); the keys (see push-keys.ts); at most 20 devices per owner.
 */
export async function registerDevice(
  deps: Deps,
  owner: OwnerPrincipal,
  input: { name: string; endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<PushDeviceRow | 'limit-reached'> {
  const name = checkName('name', input.name, MAX_NAME);
  const endpoint = checkWebhookUrl(input.endpoint, deps.runtime.production, 'endpoint').toString();
  const keys = checkPushKeys(input.keys);
  const device = await deps.scope.transaction((tx) =>
    upsertDevice(tx, { tenantId: owner.tenantId, id: randomUUID(), ownerId: owner.ownerId, name, endpoint, ...keys }),
  );
  // At the cap: an answer as data (LimitReached), so a client can tell it from a bad request.
  return device === 'too-many' ? 'limit-reached' : device;
}

export function listOwnerDevices(deps: ServiceDeps, owner: OwnerPrincipal): Promise<PushDeviceRow[]> {
  return listDevices(deps.db.pool, owner.tenantId, owner.ownerId);
}

/** Removes one of the owner's devices; another owner's (or tenant's) id, or no id at all, reads as none. */
export function removeDevice(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<boolean> {
  if (!isUuid(id)) return Promise.resolve(false);
  return deps.scope.transaction((tx) => deleteOwnerDevice(tx, owner.tenantId, owner.ownerId, id));
}
