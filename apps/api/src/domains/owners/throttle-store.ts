import { query, type Queryable } from '../../platform/db/sql.js';

/** The three counters one sign-in attempt is counted in (see the sign_in_attempts migration). */
export type AttemptKind = 'ADDRESS_FROM_CLIENT' | 'CLIENT' | 'ADDRESS';

/** One counter as it stands right after an attempt was counted in it. */
export interface AttemptCount {
  kind: AttemptKind;
  /** Attempts in the window, this one included. */
  attempts: number;
  /** Whole seconds until the window is over. */
  secondsLeft: number;
  /** The window's start, exactly as stored (text keeps PostgreSQL's microseconds), to give the attempt back to that window only. */
  window: string;
}

/** The window, as SQL (a constant, never input). */
const WINDOW = `interval '15 minutes'`;

/**
 * Counts one attempt in all three counters in one statement, before any
 * password is checked, and returns the counts including it. Each row stays
 * locked until the statement commits, so racing attempts are counted one
 * after another and each sees a distinct count. Rows are always taken in the
 * same order (pair, client, address), so two attempts never deadlock.
 */
export async function countSignInAttempt(db: Queryable, email: string, client: string): Promise<AttemptCount[]> {
  const rows = await query<{ kind: AttemptKind; attempts: number; seconds_left: number; window: string }>(
    db,
    `/* countSignInAttempt */
    INSERT INTO sign_in_attempts AS a (kind, email, client, attempts, window_started_at)
    VALUES ('ADDRESS_FROM_CLIENT', $1, $2, 1, now()), ('CLIENT', '', $2, 1, now()), ('ADDRESS', $1, '', 1, now())
    ON CONFLICT (kind, email, client) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at > now() - ${WINDOW} THEN a.attempts + 1 ELSE 1 END,
      window_started_at = CASE WHEN a.window_started_at > now() - ${WINDOW} THEN a.window_started_at ELSE now() END
    RETURNING kind, attempts, ceil(extract(epoch FROM window_started_at + ${WINDOW} - now()))::int AS seconds_left, window_started_at::text AS window`,
    [email, client],
  );
  return rows.map((row) => ({ kind: row.kind, attempts: row.attempts, secondsLeft: Math.max(1, row.seconds_left), window: row.window }));
}

/**
 * Takes a counted attempt back out of the windows it was counted in (a
 * refused attempt guessed nothing; a successful one was no failure). One
 * single-row statement per counter, so it never holds one row while waiting
 * for another; a window that has since been replaced is left alone.
 */
export async function giveBackSignInAttempt(db: Queryable, email: string, client: string, counted: AttemptCount[]): Promise<void> {
  const keys: Record<AttemptKind, [string, string]> = { ADDRESS_FROM_CLIENT: [email, client], CLIENT: ['', client], ADDRESS: [email, ''] };
  await Promise.all(
    counted.map((count) =>
      query(
        db,
        `/* giveBackSignInAttempt */
    UPDATE sign_in_attempts SET attempts = attempts - 1
     WHERE kind = $1 AND email = $2 AND client = $3 AND window_started_at = $4::timestamptz /* guard: only the window it was counted in */ AND attempts > 0 /* guard: never below zero */
    RETURNING attempts`,
        [count.kind, ...keys[count.kind], count.window],
      ),
    ),
  );
}

/** Sweep: forgets windows that are over. */
export async function deleteOldSignInAttempts(db: Queryable): Promise<number> {
  const rows = await query(
    db,
    `/* deleteOldSignInAttempts */ DELETE FROM sign_in_attempts WHERE window_started_at <= now() - ${WINDOW} /* guard: only windows that are over */ RETURNING kind`,
  );
  return rows.length;
}
