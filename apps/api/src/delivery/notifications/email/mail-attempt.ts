import type { Queryable } from '../../../platform/db/sql.js';
import { applySettlement, settleAttempt } from '../../outbox/settle.js';
import { finishEntry, recordAttempt, type ClaimedEntry } from '../../outbox/store.js';
import type { Mailer, MailMessage } from './mailer.js';

/** Recorded with the attempt of a row written while SMTP was configured and delivered by an instance without it. */
export const NOT_CONFIGURED = 'email is not configured';

export interface SendOutcome {
  ok: boolean;
  latencyMs: number;
  error: string | null;
}

/** The Message-ID of a notification: its event's id, so every attempt (from any instance) carries the same one. */
export function messageIdOf(eventId: string, domain: string): string {
  return `<${eventId}@${domain}>`;
}

/** Hands one message to the SMTP server; a refusal or an unreachable server is an outcome, not a throw. */
export async function sendTimed(mailer: Mailer, message: MailMessage): Promise<SendOutcome> {
  const started = performance.now();
  try {
    await mailer.send(message);
    return { ok: true, latencyMs: performance.now() - started, error: null };
  } catch (error) {
    return { ok: false, latencyMs: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Settles one attempt (inside the caller's transaction): recorded always
 * (SMTP has no HTTP status: `status` is null, a failure's reason in
 * `error`); the row finished when the server took the message, else due
 * again after a backoff until its 24 hours are up. Fenced by the attempt,
 * like every outbox settlement. True when this attempt finished the row.
 */
export async function settleMailAttempt(tx: Queryable, entry: ClaimedEntry, outcome: SendOutcome, retryBaseMs: number): Promise<boolean> {
  const settlement = settleAttempt(entry, outcome.ok, retryBaseMs);
  const givingUp = settlement.kind === 'finish' && settlement.gaveUp;
  const error = outcome.ok ? null : `${outcome.error ?? 'not sent'}${givingUp ? '; given up after 24 hours of failed attempts' : ''}`;
  await recordAttempt(tx, { outboxId: entry.id, attempt: entry.attempt, status: null, latencyMs: outcome.latencyMs, error });
  const settled = await applySettlement(tx, entry, settlement);
  return settled && settlement.kind === 'finish';
}

/** A row no mailer can send (SMTP_URL unset since it was written): recorded as failed and finished, not retried for a day. */
export async function finishUnsendable(tx: Queryable, entry: ClaimedEntry): Promise<boolean> {
  await recordAttempt(tx, { outboxId: entry.id, attempt: entry.attempt, status: null, latencyMs: 0, error: NOT_CONFIGURED });
  return finishEntry(tx, entry.id, entry.attempt);
}
