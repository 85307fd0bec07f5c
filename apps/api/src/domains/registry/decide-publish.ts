/** A signature over a manifest's digest by a registered key. */
export interface Attestation {
  keyId: string;
  signature: string;
}

/** What the store holds for a name@version, if anything: its exact text, its digest and its attestation. */
export interface StoredVersion {
  content: string;
  digest: string;
  attestation: Attestation | null;
}

/** What a publish brings: its exact text and digest. Its attestation, if any, has been verified already. */
export interface IncomingVersion {
  content: string;
  digest: string;
  attestation: Attestation | null;
}

export type PublishVerdict =
  | { kind: 'insert' }
  | { kind: 'unchanged' }
  | { kind: 'adopt-attestation' }
  | { kind: 'version-taken'; storedDigest: string }
  | { kind: 'text-differs'; storedDigest: string }
  | { kind: 'attestation-conflict' };

/**
 * The whole rule for a publish, as one pure function every path shares:
 * a free version is inserted; different content for a taken version is
 * refused, naming what is stored; identical content changes nothing, except
 * that a signature may be added to a version that has none; a different
 * signature over a signed version is refused.
 *
 * A signature is adopted only onto the very text it came with. It covers
 * the canonical digest, and texts that differ in comments, key order or
 * layout share one digest: adopting onto stored text that differs would
 * show a text the signer never wrote as verified. Such a publish is
 * refused ('text-differs') and the stored version stays as it was.
 */
export function decidePublish(existing: StoredVersion | null, incoming: IncomingVersion): PublishVerdict {
  if (!existing) return { kind: 'insert' };
  if (existing.digest !== incoming.digest) return { kind: 'version-taken', storedDigest: existing.digest };
  if (!incoming.attestation) return { kind: 'unchanged' };
  if (!existing.attestation) {
    return existing.content === incoming.content ? { kind: 'adopt-attestation' } : { kind: 'text-differs', storedDigest: existing.digest };
  }
  const same = existing.attestation.keyId === incoming.attestation.keyId && existing.attestation.signature === incoming.attestation.signature;
  return same ? { kind: 'unchanged' } : { kind: 'attestation-conflict' };
}
