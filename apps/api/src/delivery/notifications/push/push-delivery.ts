import { createHash } from 'node:crypto';
import type pg from 'pg';
import webpush from 'web-push';
import { inTransaction } from '../../../platform/db/sql.js';
import type { Logger } from '../../../platform/logger.js';
import { applySettlement, settleAttempt } from '../../outbox/settle.js';
import { finishEntry, recordAttempt, type ClaimedEntry } from '../../outbox/store.js';
import { postWebhook } from '../../webhooks/post.js';
import { deleteGoneDevice, markDeviceUsed, pushTarget, type PushTarget } from './devices-store.js';
import type { PushMessage } from './message.js';
import type { Vapid, VapidDetails } from './vapid.js';

export interface PushDeliveryOptions {
  retryBaseMs: number;
  production: boolean;
  /** How long one attempt may take, connect to last byte; 10 s by default. */
  timeoutMs?: number;
}

/**
 * How long the push service keeps a message for a device that is offline:
 * a day, after which a reminder (or the request page) says it better.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The `Topic` (RFC 8030 §5.4) for a tag: the push service keeps only the
 * newest undelivered message of a topic, so a device coming back online gets
 * the close, not a request already decided. A topic is at most 32 base64url
 * characters; a hash of the tag fits whatever the tag is.
 */
export function pushTopic(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** The encrypted request for one message (RFC 8291 aes128gcm body, RFC 8292 VAPID `Authorization`), its headers lower-cased. */
function pushRequest(vapidDetails: VapidDetails, target: PushTarget, payload: string): { headers: Record<string, string>; body: Buffer } {
  const message = JSON.parse(payload) as PushMessage;
  const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails,
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    // A request waits on the owner: shown at once. A close only tidies up.
    urgency: message.close ? 'normal' : 'high',
    topic: pushTopic(message.tag),
  });
  const headers: Record<string, string> = { 'user-agent': 'Countersign-Push/1' };
  // postWebhook sets the length of what it sends itself.
  for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = String(value);
  return { headers, body: details.body };
}

/**
 * Delivers one `push` outbox row to its device's push service and settles
 * the attempt in one transaction, fenced by the attempt like every outbox
 * row: recorded always; on a 2xx the row is finished and the device marked
 * used; on 404/410 (the push service says the subscription is gone) the
 * device is deleted and the row finished; otherwise due again after a
 * backoff until its give-up time. The request goes through `postWebhook`,
 * so the SSRF rules of webhooks hold for push endpoints too (the address is
 * resolved once, checked, pinned; no redirect followed). No connection is
 * held while the push service answers.
 */
export function pushDeliverer(pool: pg.Pool, log: Logger, vapid: Vapid, options: PushDeliveryOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    const target = await pushTarget(pool, entry.tenantId, entry.target);
    const unsendable = (error: string) =>
      inTransaction(pool, async (tx) => {
        await recordAttempt(tx, { outboxId: entry.id, attempt: entry.attempt, status: null, latencyMs: 0, error });
        await finishEntry(tx, entry.id, entry.attempt);
      });
    // Removed meanwhile (by its owner, or reported gone by an earlier message): nothing to send to.
    if (!target) return unsendable('The push device was removed.');
    // The key pair not readable now (the database away) throws: the row comes back when its lease ends.
    const vapidDetails = await vapid.details();
    let request: ReturnType<typeof pushRequest>;
    try {
      request = pushRequest(vapidDetails, target, entry.payload);
    } catch (error) {
      // Keys are checked at registration, so this is a stored row no attempt could ever send: retrying would loop.
      return unsendable(`The message could not be encrypted for this device: ${(error as Error).message}`);
    }
    const outcome = await postWebhook({
      url: target.endpoint,
      headers: request.headers,
      body: request.body,
      production: options.production,
      timeoutMs: options.timeoutMs,
    });
    const status = outcome.kind === 'answered' ? outcome.status : null;
    const ok = status !== null && status >= 200 && status < 300;
    const gone = status === 404 || status === 410;
    const settlement = settleAttempt(entry, ok || gone, options.retryBaseMs);
    const givingUp = settlement.kind === 'finish' && settlement.gaveUp;
    const error = ok
      ? null
      : outcome.kind === 'failed'
        ? outcome.error
        : gone
          ? `The push service answered ${outcome.status}: the subscription is gone, and the device was removed`
          : `The push service answered ${outcome.status}${givingUp ? '; given up' : ''}`;
    await inTransaction(pool, async (tx) => {
      await recordAttempt(tx, {
        outboxId: entry.id,
        attempt: entry.attempt,
        status,
        latencyMs: outcome.latencyMs,
        error,
        response: outcome.kind === 'answered' ? outcome.body.slice(0, 500) : null,
      });
      // Fenced: a worker whose lease ran out leaves the settling to the one that took over.
      if (!(await applySettlement(tx, entry, settlement)) || settlement.kind === 'retry') return;
      if (ok) await markDeviceUsed(tx, entry.tenantId, entry.target);
      if (gone) await deleteGoneDevice(tx, entry.tenantId, entry.target);
    });
    if (gone) log.info({ deviceId: entry.target }, 'a push subscription was reported gone; the device was removed');
    log.info({ deviceId: entry.target, eventId: entry.eventId, attempt: entry.attempt, status, ok }, 'push attempt');
  };
}
