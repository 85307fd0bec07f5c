import type pg from 'pg';
import { inTransaction, query } from '../../platform/db/sql.js';

/** Dynamic client registrations one address may make in any hour (docs/oauth.md, rule OA2). */
export const REGISTRATIONS_PER_HOUR = 100;

/**
 * Counts one registration for `address`, or refuses it: the count of the
 * last hour is read and the new one written under a lock on the address,
 * so racing registrations on every instance admit exactly the bound.
 * Answers the seconds until one is free again when refused.
 */
export async function admitRegistration(pool: pg.Pool, address: string): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  return inTransaction(pool, async (client) => {
    await query(client, `/* lockRegistrationAddress */ SELECT pg_advisory_xact_lock(hashtextextended('oauth-registration:' || $1, 0))`, [address]);
    const [window] = await query<{ count: number; oldest: number | null }>(
      client,
      `/* countRegistrations */ SELECT count(*)::int AS count,
              ceil(extract(epoch FROM min(at) + interval '1 hour' - clock_timestamp()))::int AS oldest
         FROM oauth_registrations WHERE address = $1 AND at > clock_timestamp() - interval '1 hour'`,
      [address],
    );
    if ((window?.count ?? 0) >= REGISTRATIONS_PER_HOUR) return { admitted: false, retryAfterSeconds: Math.max(1, window?.oldest ?? 3600) };
    await query(client, `/* countRegistration */ INSERT INTO oauth_registrations (address) VALUES ($1)`, [address]);
    return { admitted: true };
  });
}
