import type pg from 'pg';
import type { Logger } from '../../logger.js';
import type { ClaimedEntry } from '../../outbox/store.js';
import type { Vapid } from './vapid.js';

export interface PushDeliveryOptions {
  retryBaseMs: number;
  production: boolean;
}

/** STUB: delivers a `push` outbox row. */
export function pushDeliverer(_pool: pg.Pool, _log: Logger, _vapid: Vapid, _options: PushDeliveryOptions) {
  return (_entry: ClaimedEntry): Promise<void> => Promise.reject(new Error('push delivery is not written yet'));
}
