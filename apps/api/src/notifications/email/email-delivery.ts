import type pg from 'pg';
import type { Logger } from '../../logger.js';
import type { ClaimedEntry } from '../../outbox/store.js';
import type { Mailer } from './mailer.js';

export interface EmailDeliveryOptions {
  retryBaseMs: number;
  /** The host part of Message-IDs: the public URL's host. */
  messageIdDomain: string;
}

/** STUB: delivers an `email` outbox row (immediate notification). */
export function emailDeliverer(_pool: pg.Pool, _log: Logger, _mailer: Mailer | null, _options: EmailDeliveryOptions) {
  return (_entry: ClaimedEntry): Promise<void> => Promise.reject(new Error('email delivery is not written yet'));
}

/** STUB: delivers a `digest` outbox row. */
export function digestDeliverer(_pool: pg.Pool, _log: Logger, _mailer: Mailer | null, _options: EmailDeliveryOptions) {
  return (_entry: ClaimedEntry): Promise<void> => Promise.reject(new Error('digest delivery is not written yet'));
}
