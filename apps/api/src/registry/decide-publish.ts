/** A signature over a manifest's digest by a registered key. */
export interface Attestation { keyId: string; signature: string }

/** What the store holds for a name@version, if anything. */
export interface StoredVersion { digest: string; attestation: Attestation | null }

/** What a publish brings. Its attestation, if any, has been verified already. */
export interface IncomingVersion { digest: string; attestation: Attestation | null }

export type PublishVerdict =
  | { kind: 'insert' }
  | { kind: 'unchanged' }
  | { kind: 'adopt-attestation' }
  | { kind: 'version-taken'; storedDigest: string }
  | { kind: 'attestation-conflict' };

/**
 * The whole rule for a publish, as one pure function every path shares:
 * a free version is inserted; different content for a taken version is
 * refused, naming what is stored; identical content changes nothing, except
 * that a signature may be added to a version that has none; a different
 * signature over a signed version is refused.
 */
export function decidePublish(existing: StoredVersion | null, incoming: IncomingVersion): PublishVerdict {
  if (!existing) return { kind: 'insert' };
  if (existing.digest !== incoming.digest) return { kind: 'version-taken', storedDigest: existing.digest };
  if (!incoming.attestation) return { kind: 'unchanged' };
  if (!existing.attestation) return { kind: 'adopt-attestation' };
  const same = existing.attestation.keyId === incoming.attestation.keyId && existing.attestation.signature === incoming.attestation.signature;
  return same ? { kind: 'unchanged' } : { kind: 'attestation-conflict' };
}
