import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { attestationPayload, canonicalJson, hashCanonical, keyIdOf, MANIFEST_YAML_OPTIONS, MANIFEST_YAML_TO_JS, manifestSyntaxOf } from '@countersign/manifest';
import { parse as parseYaml } from 'yaml';
import { CountersignError } from './errors.js';
import type { ManifestFormat } from './types.js';

/**
 * Digests and attestations made on the agent's side, so an agent can sign
 * what it publishes without asking the server for the digest first. The
 * rules themselves (canonical JSON, how YAML is read, the signed payload,
 * key ids) come from `@countersign/manifest`, which the API uses too: were
 * the two to disagree, every signature made here would be refused as
 * `BAD_ATTESTATION`.
 */

/** A manifest's text as it will be sent, and the identity the API will give it. */
export interface ManifestDigest {
  /** The exact text published. */
  content: string;
  /** How the API reads `content`: JSON when it starts with `{` (after leading whitespace), YAML otherwise. */
  format: ManifestFormat;
  /** The canonical JSON of the document: keys sorted at every depth, no whitespace. */
  canonical: string;
  /** SHA-256 of `canonical`, hex. */
  digest: string;
}

/** The key an attestation is made with. */
export interface SignWith {
  /** An Ed25519 private key: a `KeyObject`, or PEM (PKCS #8) text. */
  privateKey: KeyObject | string;
  /**
   * The registered key's id; derived from `privateKey` (hex SHA-256 of the
   * raw public key, as the API derives it) when left out.
   */
  keyId?: string;
}

/** An attestation as `publishManifest` sends it. */
export interface Attestation {
  keyId: string;
  /** Base64 Ed25519 signature over {@link attestationPayload} of the digest. */
  signature: string;
}

/**
 * The text of a manifest as it will be sent: a string as is, an object as
 * indented JSON (so it is read as JSON and keeps its values exactly).
 */
export function manifestText(content: string | object): string {
  return typeof content === 'string' ? content : JSON.stringify(content, null, 2);
}

/**
 * The digest the API will compute for `content`: the SHA-256 of the canonical
 * JSON of the parsed document. The same document has the same digest
 * whatever its key order, whitespace or syntax (YAML or JSON).
 *
 * @throws CountersignError `BAD_INPUT` when the text does not parse, or holds a value JSON cannot.
 */
export function manifestDigest(content: string | object): ManifestDigest {
  const text = manifestText(content);
  const format: ManifestFormat = manifestSyntaxOf(text) === 'json' ? 'JSON' : 'YAML';
  let document: unknown;
  try {
    // The API's reading of YAML, so the text means here what it means there; an alias or
    // a duplicate key fails here as it would there (the API finds duplicates its own way).
    document = format === 'JSON' ? JSON.parse(text) : parseYaml(text, { ...MANIFEST_YAML_OPTIONS, ...MANIFEST_YAML_TO_JS, uniqueKeys: true });
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `The manifest is not valid ${format}: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  let canonical: string;
  try {
    canonical = canonicalJson(document);
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `The manifest holds a value JSON cannot: ${(error as Error).message}`, { cause: error });
  }
  return { content: text, format, canonical, digest: hashCanonical(canonical) };
}

/**
 * A signing key's id as the API derives it: the hex SHA-256 of the raw
 * 32-byte Ed25519 public key. Takes the public key, or the private key it
 * belongs to (a `KeyObject` or PEM text).
 *
 * @throws CountersignError `BAD_INPUT` when the key is not an Ed25519 key.
 */
export function signingKeyId(key: KeyObject | string): string {
  const publicKey = ed25519Key(key, 'public');
  return keyIdOf(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
}

/**
 * Signs a manifest digest: the attestation `publishManifest` sends with
 * `signWith`, for callers that publish through another path.
 *
 * @throws CountersignError `BAD_INPUT` when the key is not an Ed25519 private key.
 */
export function attestManifest(digest: string, { privateKey, keyId }: SignWith): Attestation {
  const key = ed25519Key(privateKey, 'private');
  return {
    keyId: keyId ?? signingKeyId(key),
    signature: sign(null, attestationPayload(digest), key).toString('base64'),
  };
}

/** Reads `key` as an Ed25519 key object of the wanted kind (a public key is derived from a private one). */
function ed25519Key(key: KeyObject | string, kind: 'public' | 'private'): KeyObject {
  let object: KeyObject;
  try {
    if (typeof key !== 'string') object = key;
    else object = kind === 'private' || key.includes('PRIVATE KEY') ? createPrivateKey(key) : createPublicKey(key);
    if (kind === 'public' && object.type === 'private') object = createPublicKey(object);
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `That is not a usable ${kind} key: ${(error as Error).message}`, { cause: error });
  }
  if (object.asymmetricKeyType !== 'ed25519') {
    throw new CountersignError('BAD_INPUT', `Manifests are attested with Ed25519 keys; this is ${object.asymmetricKeyType ?? 'a symmetric'} key.`);
  }
  if (object.type !== kind) throw new CountersignError('BAD_INPUT', `Signing needs the ${kind} key; this is the ${object.type} one.`);
  return object;
}
