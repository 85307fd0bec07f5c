import { query, type Queryable } from '../../../platform/db/sql.js';

export interface VapidKeyRow {
  publicKey: string;
  /** Sealed. */
  privateKey: string;
}

/** Adds the one key pair unless there is one already (the primary key id = 1 decides a race between instances). */
export async function insertVapidKey(db: Queryable, key: VapidKeyRow): Promise<void> {
  await query(db, `/* insertVapidKey */ INSERT INTO vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [
    key.publicKey,
    key.privateKey,
  ]);
}

export async function findVapidKey(db: Queryable): Promise<VapidKeyRow | null> {
  const rows = await query<VapidKeyRow>(db, `/* findVapidKey */ SELECT public_key AS "publicKey", private_key AS "privateKey" FROM vapid_keys WHERE id = 1`);
  return rows[0] ?? null;
}
