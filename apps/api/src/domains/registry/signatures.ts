import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { attestationPayload } from '@countersign/manifest';
import { graphQLError } from '../../platform/lib/errors.js';

const P = 2n ** 255n - 19n;

function mod(a: bigint): bigint {
  const r = a % P;
  return r < 0n ? r + P : r;
}

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

const inverse = (a: bigint) => power(a, P - 2n);
const D = mod(-121665n * inverse(121666n));
const SQRT_M1 = power(2n, (P - 1n) / 4n);

/** An affine point of edwards25519, or null when the bytes are not a canonical encoding of one (RFC 8032, 5.1.3). */
function decodePoint(raw: Buffer): { x: bigint; y: bigint } | null {
  const bytes = Buffer.from(raw);
  const sign = bytes[31]! >> 7;
  bytes[31]! &= 0x7f;
  const y = BigInt(`0x${Buffer.from(bytes).reverse().toString('hex')}`);
  if (y >= P) return null;
  const u = mod(y * y - 1n);
  const v = mod(D * y * y + 1n);
  let x = mod(u * power(v, 3n) * power(u * power(v, 7n), (P - 5n) / 8n));
  const check = mod(v * x * x);
  if (check === mod(-u)) x = mod(x * SQRT_M1);
  else if (check !== u) return null;
  if (x === 0n && sign === 1) return null;
  if (Number(x & 1n) !== sign) x = P - x;
  return { x, y };
}

function double({ x, y }: { x: bigint; y: bigint }): { x: bigint; y: bigint } {
  // The complete twisted Edwards addition (a = -1) of the point with itself.
  const xy = mod(x * y);
  const dxy = mod(D * xy * xy);
  return { x: mod(2n * xy * inverse(1n + dxy)), y: mod((y * y + x * x) * inverse(1n - dxy)) };
}

/**
 * Why raw Ed25519 key bytes make a key no one should trust, or null: not
 * the canonical encoding of a curve point, or a point of small order
 * (8·A is the identity). A small-order key lets one constant signature
 * (R = a small-order point, S = 0) verify for every digest, so anyone could
 * forge "verified" attestations under it. Checked by decoding the point and
 * doubling it three times, rather than by a list of the 8 points' encodings,
 * so every encoding of them is covered by construction.
 */
export function weakPublicKey(raw: Buffer): string | null {
  const point = decodePoint(raw);
  if (!point) return 'Those 32 bytes are not the canonical encoding of a point on Ed25519, so they are no public key.';
  const eightfold = double(double(double(point)));
  if (eightfold.x === 0n && eightfold.y === 1n)
    return 'That key is a point of small order: with it one constant signature verifies for every manifest, so anyone could forge attestations. It cannot be a real key: register the public key of a key pair you generated.';
  return null;
}

/**
 * Reads an Ed25519 public key given as PEM (SPKI, "PUBLIC KEY"), or as the
 * raw 32 bytes in base64, base64url or hex. Returns the raw bytes; throws
 * BAD_INPUT otherwise: for a private key (saying never to send one), for
 * bytes that are not a canonical curve point, and for a small-order point.
 */
export function readPublicKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/PRIVATE KEY/i.test(trimmed)) {
    throw graphQLError(
      'BAD_INPUT',
      'That is a private key, and it was not stored. Never send a private key to anyone, this server included: only its public key is registered (openssl pkey -pubout prints it). As this one has left your machine, treat it as exposed: make a new key pair and register that public key.',
    );
  }
  let raw: Buffer | undefined;
  if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) {
    try {
      const key = createPublicKey({ key: trimmed, format: 'pem' });
      if (key.asymmetricKeyType === 'ed25519') raw = Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url');
    } catch {
      raw = undefined;
    }
  } else if (/^[0-9a-fA-F]{64}$/.test(trimmed)) {
    raw = Buffer.from(trimmed, 'hex');
  } else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    raw = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  }
  if (!raw || raw.length !== 32) throw graphQLError('BAD_INPUT', 'That is not an Ed25519 public key (PEM, or its 32 raw bytes in base64 or hex).');
  const weakness = weakPublicKey(raw);
  if (weakness) throw graphQLError('BAD_INPUT', weakness);
  return raw;
}

function keyObject(rawBase64: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(rawBase64, 'base64').toString('base64url') }, format: 'jwk' });
}

/**
 * The y-coordinates of Ed25519's points of small order as 32-byte encodings
 * with the sign bit cleared, including 0 and 1 written as p and p + 1:
 * libsodium's list (`has_small_order`). Registration decodes and refuses
 * them (weakPublicKey); this list, a set lookup, keeps keys registered
 * before that check from verifying anything.
 */
export const SMALL_ORDER_ENCODINGS: ReadonlySet<string> = new Set([
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
]);

/** Whether raw key bytes, whatever their sign bit, encode a point of small order (canonically or not). */
export function isSmallOrderEncoding(raw: Buffer): boolean {
  const bytes = Buffer.from(raw);
  bytes[31]! &= 0x7f;
  return SMALL_ORDER_ENCODINGS.has(bytes.toString('hex'));
}

/**
 * Whether `signature` (base64) is the key's Ed25519 signature over the
 * attestation payload of `digest`. Never for a small-order key: one constant
 * signature would verify under it for every digest.
 */
export function verifyAttestation(publicKeyBase64: string, digest: string, signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64 || isSmallOrderEncoding(Buffer.from(publicKeyBase64, 'base64'))) return false;
  try {
    return verify(null, attestationPayload(digest), keyObject(publicKeyBase64), bytes);
  } catch {
    return false;
  }
}
