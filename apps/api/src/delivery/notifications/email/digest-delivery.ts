import type pg from 'pg';
import { inTransaction } from '../../../platform/db/sql.js';
import type { Logger } from '../../../platform/logger.js';
import { finishEntry, type ClaimedEntry } from '../../outbox/store.js';
import { renderDigest } from './digest-render.js';
import { bindDigestEntries, reopenDigest } from './digest-store.js';
import type { EmailDeliveryOptions } from './email-delivery.js';
import { finishUnsendable, messageIdOf, sendTimed, settleMailAttempt } from './mail-attempt.js';
import type { Mailer } from './mailer.js';

function inboxOf(payload: string): string {
  const { to } = JSON.parse(payload) as { to?: unknown };
  if (typeof to !== 'string') throw new Error('a digest outbox row lacks its inbox');
  return to;
}

/**
 * Delivers a `digest` row: binds the owner's waiting entries to it (the
 * first attempt; later ones find them bound), sends one email listing them
 * under the digest's Message-ID, and settles like any email. Once the row
 * is finished, entries that arrived meanwhile get a digest of their own
 * (see digest-store.ts for why none is left behind).
 */
export function digestDeliverer(pool: pg.Pool, log: Logger, mailer: Mailer | null, options: EmailDeliveryOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    const owner = { tenantId: entry.tenantId, ownerId: entry.target, payload: entry.payload };
    if (!mailer) {
      await inTransaction(pool, (tx) => finishUnsendable(tx, entry));
      log.warn({ outboxId: entry.id }, 'an email digest was dropped: SMTP_URL is not set on this instance');
      return;
    }
    const entries = await inTransaction(pool, (tx) =>
      bindDigestEntries(tx, { id: entry.id, tenantId: entry.tenantId, ownerId: entry.target, digestId: entry.eventId!, attempt: entry.attempt }),
    );
    // A later claim holds the row: it sends, this attempt does nothing.
    if (entries === null) return;
    if (entries.length === 0) {
      await inTransaction(pool, async (tx) => {
        if (await finishEntry(tx, entry.id, entry.attempt)) await reopenDigest(tx, owner);
      });
      return;
    }
    const outcome = await sendTimed(mailer, {
      to: inboxOf(entry.payload),
      ...renderDigest(entries),
      messageId: messageIdOf(entry.eventId!, options.messageIdDomain),
    });
    const reopened = await inTransaction(pool, async (tx) => (await settleMailAttempt(tx, entry, outcome, options.retryBaseMs)) && reopenDigest(tx, owner));
    log.info({ digestId: entry.eventId, entries: entries.length, attempt: entry.attempt, ok: outcome.ok, reopened }, 'notification digest attempt');
  };
}
