import { query, type Queryable } from '../../../platform/db/sql.js';

/** The owner's push devices, for the fan-out. */
export function pushDevicesOf(db: Queryable, tenantId: string, ownerId: string): Promise<{ id: string }[]> {
  return query<{ id: string }>(db, `/* pushDevicesOf */ SELECT id FROM push_devices WHERE tenant_id = $1::uuid AND owner_id = $2::uuid`, [tenantId, ownerId]);
}

/** A push device as the owner sees it. */
export interface PushDeviceRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Where a device's messages go and the keys that encrypt them (never shown to the owner). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** An owner may have this many devices: more browsers than anyone uses, few enough that one event never fans out without bound. */
export const MAX_DEVICES_PER_OWNER = 20;

const COLUMNS = `id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

/**
 * Registers a subscription, or — the same endpoint again for the same
 * owner (a browser re-subscribing) — updates its name and keys and keeps its
 * id. A new one is refused when the owner has the maximum already, counted
 * under a per-owner advisory lock so two racing registrations cannot both
 * pass a count of 19.
 */
export async function upsertDevice(
  tx: Queryable,
  device: { tenantId: string; id: string; ownerId: string; name: string } & PushTarget,
): Promise<PushDeviceRow | 'too-many'> {
  await query(tx, `/* lockOwnerPushDevices */ SELECT pg_advisory_xact_lock(hashtextextended('push_devices:' || $1::text, 0))`, [device.ownerId]);
  const rows = await query<PushDeviceRow>(
    tx,
    `/* upsertDevice */
    INSERT INTO push_devices (tenant_id, id, owner_id, name, endpoint, p256dh, auth)
    SELECT $1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7
     WHERE (SELECT count(*) FROM push_devices WHERE tenant_id = $1::uuid AND owner_id = $3::uuid) < ${MAX_DEVICES_PER_OWNER} /* guard: at most 20 per owner */
        OR EXISTS (SELECT 1 FROM push_devices WHERE tenant_id = $1::uuid AND owner_id = $3::uuid AND endpoint = $5) /* guard: re-registering is not a new device */
    ON CONFLICT (tenant_id, owner_id, endpoint) DO UPDATE SET name = EXCLUDED.name, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
    RETURNING ${COLUMNS}`,
    [device.tenantId, device.id, device.ownerId, device.name, device.endpoint, device.p256dh, device.auth],
  );
  return rows[0] ?? 'too-many';
}

export function listDevices(db: Queryable, tenantId: string, ownerId: string): Promise<PushDeviceRow[]> {
  return query<PushDeviceRow>(
    db,
    `/* listPushDevices */ SELECT ${COLUMNS} FROM push_devices WHERE tenant_id = $1::uuid AND owner_id = $2::uuid ORDER BY created_at DESC, id`,
    [tenantId, ownerId],
  );
}

/** Removes one of the owner's devices; false when the owner has none with that id. */
export async function deleteOwnerDevice(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* deleteOwnerDevice */ DELETE FROM push_devices WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3::uuid RETURNING id`,
    [tenantId, ownerId, id],
  );
  return rows.length === 1;
}

/** A device's endpoint and keys, for a delivery; null when it was removed. */
export async function pushTarget(db: Queryable, tenantId: string, id: string): Promise<PushTarget | null> {
  const rows = await query<PushTarget>(db, `/* pushTarget */ SELECT endpoint, p256dh, auth FROM push_devices WHERE tenant_id = $1::uuid AND id = $2::uuid`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function markDeviceUsed(db: Queryable, tenantId: string, id: string): Promise<void> {
  await query(db, `/* markDeviceUsed */ UPDATE push_devices SET last_used_at = now() WHERE tenant_id = $1::uuid AND id = $2::uuid`, [tenantId, id]);
}

/** Deletes a device its push service reported gone (404/410): that subscription will never take a message again. */
export async function deleteGoneDevice(db: Queryable, tenantId: string, id: string): Promise<void> {
  await query(db, `/* deleteGoneDevice */ DELETE FROM push_devices WHERE tenant_id = $1::uuid AND id = $2::uuid`, [tenantId, id]);
}
