import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature.js';

const body = JSON.stringify({ id: 'sig_1', op: 'email.send', opVersion: 1, input: { to: 'a@example.com' } });
const now = () => Math.floor(Date.now() / 1000);

describe('webhook signatures', () => {
  test('a new secret is whsec_ and the base64 of 32 random bytes, different every time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  test('headers verify with the standardwebhooks package', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'sig_1', now(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers).toMatchObject({ 'webhook-id': 'sig_1', 'content-type': 'application/json', 'user-agent': 'Countersign-Webhooks/1' });
  });

  test('signs once per secret so either secret verifies during a rotation', () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([old, fresh], 'sig_1', now(), body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(body, headers)).toBeTruthy();
    expect(new Webhook(fresh).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  test('a changed body, id or timestamp no longer verifies', () => {
    const secret = newWebhookSecret();
    const timestamp = now();
    const headers = webhookHeaders([secret], 'sig_1', timestamp, body);
    const webhook = new Webhook(secret);
    expect(() => webhook.verify(body.replace('a@example.com', 'b@example.com'), headers)).toThrow(/No matching signature/);
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'sig_2' })).toThrow(/No matching signature/);
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 1) })).toThrow(/No matching signature/);
  });

  test('matches the signature the specification gives for its example', () => {
    // The test vector of the Standard Webhooks reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const payload = '{"test": 2432232314}';
    expect(signWebhook([secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, payload)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  test('refuses to sign without a secret, with a malformed secret or a fractional timestamp', () => {
    expect(() => signWebhook([], 'sig_1', now(), body)).toThrow(/at least one secret/);
    expect(() => signWebhook(['not-a-secret'], 'sig_1', now(), body)).toThrow(/whsec_/);
    expect(() => signWebhook(['whsec_***'], 'sig_1', now(), body)).toThrow(/whsec_/);
    expect(() => signWebhook([newWebhookSecret()], 'sig_1', 1.5, body)).toThrow(/whole seconds/);
  });
});
