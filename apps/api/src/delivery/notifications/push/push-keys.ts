import { createPublicKey } from 'node:crypto';
import { graphQLError } from '../../../platform/lib/errors.js';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text (padding tolerated, as some browsers add it); null when it is not base64url. */
function base64urlBytes(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

/**
 * Checks a subscription's keys (RFC 8291 §3.2): `p256dh` an uncompressed
 * P-256 point on the curve (65 bytes, 0x04 then x and y), `auth` 16 bytes,
 * both base64url. A wrong key would fail every message to the device and
 * never be reported by anyone, so it is refused here, with BAD_INPUT.
 */
export function checkPushKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const point = base64urlBytes(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04) {
    throw graphQLError('BAD_INPUT', 'keys.p256dh must be the base64url of an uncompressed P-256 public key (65 bytes starting 0x04).');
  }
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw graphQLError('BAD_INPUT', 'keys.p256dh is not a point on the P-256 curve.');
  }
  const auth = base64urlBytes(keys.auth);
  if (!auth || auth.length !== 16) throw graphQLError('BAD_INPUT', 'keys.auth must be the base64url of 16 bytes.');
  // Kept in the canonical unpadded form web-push expects.
  return { p256dh: point.toString('base64url'), auth: auth.toString('base64url') };
}
