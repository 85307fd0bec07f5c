import { createHash } from 'node:crypto';

/**
 * Domain separation: the typed prefix an attestation signs before the
 * digest, so a signature made for a manifest means nothing anywhere else.
 */
export const ATTESTATION_PREFIX = 'countersign-manifest-v1';

/** The bytes an attestation signs: the prefix, a newline, the digest in hex. */
export function attestationPayload(digest: string): Buffer {
  return Buffer.from(`${ATTESTATION_PREFIX}\n${digest}`, 'utf8');
}

/**
 * A signing key's id: the hex SHA-256 of its raw 32-byte Ed25519 public
 * key, so an id can only ever name one key, and an agent can name its key
 * without asking the API.
 */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return createHash('sha256').update(rawPublicKey).digest('hex');
}
