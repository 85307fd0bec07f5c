import { query, type Queryable } from '../../db/sql.js';

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
