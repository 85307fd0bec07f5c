import { query, type Queryable } from '../../platform/db/sql.js';

/*
 * The sweep's one statement over idempotency_keys. It lives with the sweeper
 * (a job) rather than in idempotency/ (the edge), so the job imports nothing
 * above it; the table and its claims stay edge/idempotency/store.ts's.
 */

/** Sweep: forgets keys older than a day, whatever their state. */
export async function deleteOldKeys(db: Queryable): Promise<number> {
  const rows = await query(
    db,
    `/* deleteOldIdempotencyKeys */
    DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours' /* guard: only keys older than a day */ RETURNING 1 AS deleted`,
  );
  return rows.length;
}
