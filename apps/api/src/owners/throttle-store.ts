import { query, type Queryable } from '../db/sql.js';

/** How many failed sign-ins one address may have in a window before it must wait. */
export const MAX_FAILED_SIGN_INS = 10;
/** The window, as SQL (a constant, never input). */
const WINDOW = `interval '15 minutes'`;

/** Seconds until the address may try again, or 0 when it may now. */
export async function signInWait(db: Queryable, email: string): Promise<number> {
  const rows = await query<{ wait: number }>(db, `/* signInWait */
    SELECT ceil(extract(epoch FROM window_started_at + ${WINDOW} - now()))::int AS wait FROM sign_in_failures
     WHERE email = $1 AND failures >= $2 AND window_started_at > now() - ${WINDOW}`, [email, MAX_FAILED_SIGN_INS]);
  return Math.max(0, rows[0]?.wait ?? 0);
}

/** Counts one failure in one statement, starting a new window when the last one is over. */
export async function recordFailedSignIn(db: Queryable, email: string): Promise<void> {
  await query(db, `/* recordFailedSignIn */
    INSERT INTO sign_in_failures (email, failures, window_started_at) VALUES ($1, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN sign_in_failures.window_started_at > now() - ${WINDOW} THEN sign_in_failures.failures + 1 ELSE 1 END,
      window_started_at = CASE WHEN sign_in_failures.window_started_at > now() - ${WINDOW} THEN sign_in_failures.window_started_at ELSE now() END
    RETURNING failures`, [email]);
}

export async function clearFailedSignIns(db: Queryable, email: string): Promise<void> {
  await query(db, `/* clearFailedSignIns */ DELETE FROM sign_in_failures WHERE email = $1 RETURNING email`, [email]);
}

/** Sweep: forgets windows that are over. */
export async function deleteOldSignInFailures(db: Queryable): Promise<number> {
  const rows = await query(db, `/* deleteOldSignInFailures */ DELETE FROM sign_in_failures WHERE window_started_at <= now() - ${WINDOW} RETURNING email`);
  return rows.length;
}
