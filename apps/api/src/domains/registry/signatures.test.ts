import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isSmallOrderEncoding, SMALL_ORDER_ENCODINGS, weakPublicKey } from './signatures.js';

const withSign = (hex: string) => {
  const bytes = Buffer.from(hex, 'hex');
  bytes[31]! |= 0x80;
  return bytes;
};

describe('Ed25519 key checks', () => {
  test('the decoding check refuses every encoding on the small-order list, with either sign bit, and the list matches it', () => {
    for (const hex of SMALL_ORDER_ENCODINGS) {
      for (const raw of [Buffer.from(hex, 'hex'), withSign(hex)]) {
        expect(isSmallOrderEncoding(raw), raw.toString('hex')).toBe(true);
        expect(weakPublicKey(raw), raw.toString('hex')).toMatch(/^(That key is a point of small order|Those 32 bytes are not the canonical encoding)/);
      }
    }
    // The 8 small-order points, canonically encoded, are points the decoding reads and finds of small order.
    const canonical = [
      '00'.repeat(32),
      `${'00'.repeat(31)}80`,
      '01'.padEnd(64, '0'),
      `ec${'ff'.repeat(30)}7f`,
      '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
      '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
      'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
      'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
    ];
    for (const hex of canonical) expect(weakPublicKey(Buffer.from(hex, 'hex')), hex).toMatch(/^That key is a point of small order/);
  });

  test('accepts generated keys', () => {
    for (let i = 0; i < 50; i++) {
      const raw = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
      expect(weakPublicKey(raw)).toBeNull();
      expect(isSmallOrderEncoding(raw)).toBe(false);
    }
  });
});
