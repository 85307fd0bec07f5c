import { describe, expect, test } from 'vitest';
import webpush from 'web-push';
import { dbTest } from '../../../../test/fixtures.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import { createVapid, VAPID_PRIVATE_KEY_PURPOSE, vapidSubject } from './vapid.js';

const box = () => new SecretBox(Buffer.alloc(32, 7));

describe('the VAPID key pair', () => {
  dbTest('is one pair for every instance, however many race to make it at first start; its private half is sealed', async ({ database }) => {
    const instances = Array.from({ length: 8 }, () => createVapid(database.pool, box(), 'https://countersign.example.com'));
    const seen = await Promise.all(instances.map((vapid) => vapid.details()));
    expect(new Set(seen.map((details) => `${details.publicKey} ${details.privateKey}`)).size).toBe(1);
    const { rows } = await database.pool.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM vapid_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.public_key).toBe(seen[0]!.publicKey);
    expect(rows[0]!.private_key).not.toContain(seen[0]!.privateKey);
    expect(box().open(rows[0]!.private_key, VAPID_PRIVATE_KEY_PURPOSE)).toBe(seen[0]!.privateKey);
    expect(() => box().open(rows[0]!.private_key, 'notification-endpoint-secret')).toThrow();
    // An instance started later reads the same pair.
    expect(await createVapid(database.pool, box(), 'https://countersign.example.com').publicKey()).toBe(seen[0]!.publicKey);
  });
});

describe('the VAPID subject', () => {
  test('is the public URL when it is https on a real host, else a mailto: on its host; web-push signs with either', () => {
    const subjects = ['https://countersign.example.com/team/', 'http://127.0.0.1', 'http://[::1]:4000', 'https://localhost:8443'].map(vapidSubject);
    expect(subjects).toEqual([
      'https://countersign.example.com/team/',
      'mailto:countersign@127.0.0.1',
      'mailto:countersign@[::1]',
      'mailto:countersign@localhost',
    ]);
    const keys = webpush.generateVAPIDKeys();
    for (const subject of subjects) {
      const headers = webpush.getVapidHeaders('https://push.example.net', subject, keys.publicKey, keys.privateKey, 'aes128gcm');
      expect(headers.Authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    }
  });
});
