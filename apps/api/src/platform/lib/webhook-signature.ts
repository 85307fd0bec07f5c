import { createHmac, randomBytes } from 'node:crypto';

/** The prefix Standard Webhooks gives a secret, so a leaked one is recognisable in logs and scanners. */
const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A fresh per-operation signing secret: `whsec_` and the base64 of 32 random bytes (shown to the owner once). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The HMAC key of a secret. A malformed secret is a bug in our own storage,
 * not bad input, so it throws rather than signing with a key that no
 * receiver could share (Buffer's base64 decoder would silently skip junk).
 */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  if (!BASE64.test(encoded)) throw new Error('a webhook secret must be "whsec_" followed by base64');
  return Buffer.from(encoded, 'base64');
}

/**
 * The `webhook-signature` value per Standard Webhooks: `v1,<base64 HMAC-SHA256>`
 * of `${id}.${timestamp}.${body}`, one per secret separated by spaces, so a
 * receiver holding either the old or the new secret verifies during rotation.
 */
export function signWebhook(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  if (secrets.length === 0) throw new Error('a webhook needs at least one secret to be signed');
  if (!Number.isSafeInteger(timestampSeconds)) throw new Error('a webhook timestamp is whole seconds since the epoch');
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(content, 'utf8').digest('base64')}`).join(' ');
}

/**
 * Every header of one delivery attempt. `webhook-id` is the caller's stable
 * id (the request id, the same on every attempt) so the receiver can drop
 * duplicates; the timestamp is the attempt's, so receivers' replay windows hold.
 */
export function webhookHeaders(secrets: string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secrets, id, timestampSeconds, body),
    'content-type': 'application/json',
    'user-agent': 'Countersign-Webhooks/1',
  };
}
