import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { graphQLError } from '../graphql/errors.js';

/** Domain separation: a signature made for a manifest means nothing anywhere else. */
export const ATTESTATION_PREFIX = 'countersign-manifest-v1';

/** The bytes an attestation signs: the typed prefix, a newline, the digest in hex. */
export function attestationPayload(digest: string): Buffer {
  return Buffer.from(`${ATTESTATION_PREFIX}\n${digest}`, 'utf8');
}

/**
 * Reads an Ed25519 public key given as PEM (SPKI), or as the raw 32 bytes in
 * base64, base64url or hex. Returns the raw bytes; throws BAD_INPUT otherwise.
 */
export function readPublicKey(text: string): Buffer {
  const trimmed = text.trim();
  let raw: Buffer | undefined;
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      const key = createPublicKey(trimmed);
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
  return raw;
}

/** A key's id: the hex SHA-256 of its raw bytes, so an id can only ever name one key. */
export function keyIdOf(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}

function keyObject(rawBase64: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(rawBase64, 'base64').toString('base64url') }, format: 'jwk' });
}

/** Whether `signature` (base64) is the key's Ed25519 signature over the attestation payload of `digest`. */
export function verifyAttestation(publicKeyBase64: string, digest: string, signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return false;
  try {
    return verify(null, attestationPayload(digest), keyObject(publicKeyBase64), bytes);
  } catch {
    return false;
  }
}
