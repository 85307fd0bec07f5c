import type pg from 'pg';
import { inTransaction } from '../../../platform/db/sql.js';
import type { Logger } from '../../../platform/logger.js';
import type { ClaimedEntry } from '../../outbox/store.js';
import { finishUnsendable, messageIdOf, sendTimed, settleMailAttempt } from './mail-attempt.js';
import type { Mailer } from './mailer.js';

export interface EmailDeliveryOptions {
  retryBaseMs: number;
  /** The host part of Message-IDs: the public URL's host. */
  messageIdDomain: string;
}

/** What audience.ts writes in an `email` row: the rendered email and its inbox. */
interface EmailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function parsePayload(payload: string): EmailPayload {
  const raw = JSON.parse(payload) as Partial<EmailPayload>;
  const { to, subject, text, html } = raw;
  if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string' || typeof html !== 'string') {
    throw new Error('an email outbox row lacks to, subject, text or html');
  }
  return { to, subject, text, html };
}

/**
 * Delivers an `email` row (one notification, sent at once): the email
 * rendered at fan-out, under the Message-ID `<event id@public host>` on
 * every attempt, so a repeat after an uncertain failure is recognisable as
 * the same message. An SMTP server that refuses or cannot be reached costs
 * one recorded attempt and a retry; the request the email is about is not
 * touched either way. No connection is held while the server answers.
 */
export function emailDeliverer(pool: pg.Pool, log: Logger, mailer: Mailer | null, options: EmailDeliveryOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    if (!mailer) {
      await inTransaction(pool, (tx) => finishUnsendable(tx, entry));
      log.warn({ outboxId: entry.id, eventId: entry.eventId }, 'an email notification was dropped: SMTP_URL is not set on this instance');
      return;
    }
    const email = parsePayload(entry.payload);
    const outcome = await sendTimed(mailer, { ...email, messageId: messageIdOf(entry.eventId!, options.messageIdDomain) });
    await inTransaction(pool, (tx) => settleMailAttempt(tx, entry, outcome, options.retryBaseMs));
    log.info({ eventId: entry.eventId, event: entry.event, attempt: entry.attempt, ok: outcome.ok }, 'notification email attempt');
  };
}
