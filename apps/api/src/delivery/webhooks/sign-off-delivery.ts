import type pg from 'pg';
import { inTransaction } from '../../platform/db/sql.js';
import type { Logger } from '../../platform/logger.js';
import type { SecretBox } from '../../platform/lib/sealed.js';
import { applySettlement, settleAttempt } from '../outbox/settle.js';
import { finishEntry, recordAttempt, type ClaimedEntry } from '../outbox/store.js';
import { webhookSecrets } from '../../domains/operations/store.js';
import { WEBHOOK_SECRET_PURPOSE } from '../../domains/operations/service.js';
import { webhookHeaders } from '../../platform/lib/webhook-signature.js';
import { announceSignOff, findDeliveryTarget } from '../../domains/signoffs/runs/delivery-store.js';
import { recordFailure, recordSuccess } from '../../domains/signoffs/runs/run-store.js';
import { judgeAnswer } from '../../domains/signoffs/runs/webhook-answer.js';
import { postWebhook, type PostOutcome } from './post.js';

export interface WebhookDeliveryOptions {
  production: boolean;
  box: SecretBox;
  /** The first retry's ceiling; later ones double. 4 s by default (first retry within 5 s). */
  retryBaseMs: number;
  /** How long one attempt may take, connect to last byte. */
  timeoutMs: number;
}

export const DEFAULT_RETRY_BASE_MS = 4000;

/*
 * The WEBHOOK channel of the outbox: delivery work, so it lives here rather
 * than in signoffs/ and calls down into the request's stores to settle it.
 * The outbox row itself is written by domains/signoffs/runs/delivery-store.ts
 * (enqueueDelivery) in the deciding transaction.
 */

/**
 * Delivers an approved WEBHOOK request claimed from the outbox, and settles
 * the attempt: recorded always; the request SUCCEEDED or FAILED and the row
 * finished, or the row due again after a backoff. No database connection is
 * held while the endpoint answers. The `webhook-id` is the request's id on
 * every attempt, so the receiver recognises a repeat.
 */
export function webhookDeliverer(pool: pg.Pool, log: Logger, options: WebhookDeliveryOptions) {
  return async (entry: ClaimedEntry): Promise<void> => {
    const signOffId = entry.signOffId!;
    const target = await findDeliveryTarget(pool, entry.tenantId, signOffId);
    // Closed meanwhile (its agent revoked): nothing is sent.
    if (!target || target.state !== 'delivering') {
      await finishEntry(pool, entry.id, entry.attempt);
      return;
    }
    const secrets = (await webhookSecrets(pool, entry.tenantId, target.op)).map((sealed) => options.box.open(sealed, WEBHOOK_SECRET_PURPOSE));
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome: PostOutcome = await postWebhook({
      url: entry.target,
      headers: webhookHeaders(secrets, signOffId, timestamp, entry.payload),
      body: entry.payload,
      production: options.production,
      timeoutMs: options.timeoutMs,
    });
    let verdict = judgeAnswer(outcome, target.secretFields);
    const settlement = settleAttempt(entry, verdict.kind !== 'retry', options.retryBaseMs);
    if (verdict.kind === 'retry' && settlement.kind === 'finish') {
      verdict = { kind: 'failed', failure: `No successful delivery within 24 hours (${entry.attempt} attempts); the last: ${verdict.error}` };
    }
    const settled = verdict;
    await inTransaction(pool, async (tx) => {
      await recordAttempt(tx, {
        outboxId: entry.id,
        attempt: entry.attempt,
        status: outcome.kind === 'answered' ? outcome.status : null,
        latencyMs: outcome.latencyMs,
        error: settled.kind === 'succeeded' ? null : settled.kind === 'failed' ? settled.failure : settled.error,
      });
      // Fenced: a worker whose lease ran out while it waited leaves the settling to the one that took over.
      if (!(await applySettlement(tx, entry, settlement))) return;
      if (settled.kind === 'retry') {
        await announceSignOff(tx, entry.tenantId, signOffId);
        return;
      }
      if (settled.kind === 'succeeded') {
        await recordSuccess(
          tx,
          entry.tenantId,
          signOffId,
          { result: settled.result, secret: settled.secret ? JSON.stringify(settled.secret) : null, minted: null },
          'delivering',
        );
      } else {
        await recordFailure(tx, entry.tenantId, signOffId, settled.failure, 'delivering');
      }
    });
    log.info(
      { signOffId, attempt: entry.attempt, verdict: settled.kind, status: outcome.kind === 'answered' ? outcome.status : null },
      'webhook delivery attempt',
    );
  };
}
