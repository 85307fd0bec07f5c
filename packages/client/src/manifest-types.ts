import type * as Wire from './gql/graphql.js';

/* The shapes of the manifest registry (types.ts checks them against the wire). */

/** How the API read a manifest's text. */
export type ManifestFormat = Wire.ManifestFormat;

/**
 * What publishing did: `INSERTED` a new version; `UNCHANGED` when identical
 * content was there already; `ATTESTATION_ADOPTED` when identical unsigned
 * content was there and this call's attestation was added to it.
 */
export type PublishVerdict = Wire.PublishVerdict;

/** One immutable `name@version` of an agent manifest. */
export interface Manifest {
  name: string;
  version: string;
  /** SHA-256 (hex) of `canonical`. */
  digest: string;
  /** The exact text published. */
  content: string;
  /** The canonical JSON of the document (keys sorted, no whitespace). */
  canonical: string;
  format: ManifestFormat;
  /** The signature it carries, if any, and the registered key it claims. */
  attestation: { keyId: string; signature: string } | null;
  /** True when the attestation verifies now: its key is registered and not revoked, and it signs this digest. */
  verified: boolean;
  publishedAt: string;
}

/** One version of a name, as `manifestVersions` lists it. */
export interface ManifestVersion {
  version: string;
  digest: string;
  signed: boolean;
  publishedAt: string;
}

/** The version is in the registry (now, or already). */
export interface ManifestPublished {
  kind: 'published';
  verdict: PublishVerdict;
  manifest: Manifest;
  /**
   * True when the API answered from its idempotency record: this call's key
   * (pinned with `idempotencyKey`) had published before, and this is that
   * first answer again.
   */
  replayed: boolean;
}

/**
 * Why a version was not published. Refusals are answers: nothing was written.
 * - `MANIFEST_VERSION_TAKEN`: the name@version holds other content, whose
 *   digest is `storedDigest`; versions never change, so publish a new one.
 * - `BAD_ATTESTATION`: the signature's key is not registered (or revoked),
 *   the signature does not cover this digest, or the version already carries
 *   a different attestation; `message` says which.
 * - `LIMIT_REACHED`: the version's name is new and the workspace already has
 *   `max` manifest names (`COUNTERSIGN_MAX_MANIFEST_NAMES_PER_TENANT`);
 *   publish a new version of a name it has instead.
 */
export type ManifestRefusal =
  | { kind: 'refused'; code: 'MANIFEST_VERSION_TAKEN'; message: string; storedDigest: string }
  | { kind: 'refused'; code: 'BAD_ATTESTATION'; message: string }
  | { kind: 'refused'; code: 'LIMIT_REACHED'; message: string; max: number };

/** What `publishManifest` answers. */
export type PublishManifestResult = ManifestPublished | ManifestRefusal;
