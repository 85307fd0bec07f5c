import type pg from 'pg';
import { inTransaction } from '../../platform/db/sql.js';
import type { SecretBox } from '../../platform/lib/sealed.js';
import type { Logger } from '../../platform/logger.js';
import { applySettlement, settleAttempt } from '../outbox/settle.js';
import { finishEntry, recordAttempt, type ClaimedEntry } from '../outbox/store.js';
import { postWebhook } from '../webhooks/post.js';
import { webhookHeaders } from '../../platform/lib/webhook-signature.js';
import { endpointTarget, recordEndpointHealth } from './endpoints-store.js';
import { annotateSpan, tracingOn } from '../../platform/telemetry/spans.js';

/** Sealed endpoint secrets open only for this purpose (see platform/lib/sealed.ts). */
export const ENDPOINT_SECRET_PURPOSE = 'notification-endpoint-secret';

export interface EndpointDeliveryOptions {
  production: boolean;
  box: SecretBox;
  retryBaseMs: number;
  timeoutMs: number;
}

/**
 * Delivers one notification to an owner's endpoint and settles the attempt
 * in one transaction: recorded always, with the endpoint's health; the row
 * finished on a 2xx, else due again after a backoff until its 24 hours are
 * up. The `webhook-id` is the event's id on every attempt and from every
 * instance, so a receiver drops a repeat. No connection is held while the
 * endpoint answers.
 */
export function endpointDeliverer(pool: pg.Pool, log: Logger, options: EndpointDeliveryOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    const target = await endpointTarget(pool, entry.tenantId, entry.target);
    // A test goes to a disabled endpoint too: it is how an owner checks the endpoint is back.
    if (!target || (target.disabled && entry.event !== 'WEBHOOK_TEST')) {
      // Deleted or disabled meanwhile: nothing is sent, and the delivery reads as failed.
      await inTransaction(pool, async (tx) => {
        await recordAttempt(tx, { outboxId: entry.id, attempt: entry.attempt, status: null, latencyMs: 0, error: 'The endpoint was disabled or deleted.' });
        await finishEntry(tx, entry.id, entry.attempt);
      });
      return;
    }
    const secrets = target.secrets.map((sealed) => options.box.open(sealed, ENDPOINT_SECRET_PURPOSE));
    const timestamp = Math.floor(Date.now() / 1000);
    const headers =
      target.format === 'slack'
        ? { 'content-type': 'application/json', 'user-agent': 'Countersign-Webhooks/1' }
        : webhookHeaders(secrets, entry.eventId!, timestamp, entry.payload);
    const outcome = await postWebhook({ url: target.url, headers, body: entry.payload, production: options.production, timeoutMs: options.timeoutMs });
    const ok = outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;
    // On the delivery's span (when tracing): the receiver's host and answer, never its URL's path or query, nor the headers.
    if (tracingOn())
      annotateSpan({
        'server.address': hostOf(target.url),
        'countersign.delivery.ok': ok,
        ...(outcome.kind === 'answered' ? { 'http.response.status_code': outcome.status } : {}),
      });
    const settlement = settleAttempt(entry, ok, options.retryBaseMs);
    const givingUp = settlement.kind === 'finish' && settlement.gaveUp;
    const error = ok
      ? null
      : outcome.kind === 'failed'
        ? outcome.error
        : `The endpoint answered ${outcome.status}${givingUp ? '; given up after 24 hours of failed attempts' : ''}`;
    const disabledNow = await inTransaction(pool, async (tx) => {
      await recordAttempt(tx, {
        outboxId: entry.id,
        attempt: entry.attempt,
        status: outcome.kind === 'answered' ? outcome.status : null,
        latencyMs: outcome.latencyMs,
        error,
        response: outcome.kind === 'answered' ? outcome.body.slice(0, 500) : null,
      });
      const disabled = await recordEndpointHealth(tx, entry.tenantId, entry.target, ok);
      // Fenced: a worker whose lease ran out leaves the settling to the one that took over. An endpoint disabled now gets no retry.
      await applySettlement(tx, entry, disabled ? { kind: 'finish', gaveUp: false } : settlement);
      return disabled;
    });
    if (disabledNow) log.warn({ endpointId: entry.target }, 'a webhook endpoint failed for 3 days and was disabled');
    log.info({ endpointId: entry.target, eventId: entry.eventId, attempt: entry.attempt, ok }, 'notification webhook attempt');
  };
}

/** The host of a receiver's address, for a span; nothing when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
