import { createHash, verify, type KeyObject } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { parse as parseYaml } from 'yaml';
import type { Manifest } from '../src/types.js';
import { pageOfList, type PageArgs } from './fake-lists.js';

interface StoredManifest {
  manifest: Omit<Manifest, 'verified'>;
}

/**
 * The manifest registry of the stand-in API: signing keys, the publish rule
 * (insert, unchanged, adopt a first attestation, or refuse) and verification
 * with Node's own Ed25519, written independently of the client's code.
 */
export class FakeRegistry {
  private readonly signingKeys = new Map<string, { publicKey: KeyObject; revoked: boolean }>();
  private readonly manifests = new Map<string, StoredManifest>();

  /** Registers an Ed25519 public key as an owner would; answers its id (hex SHA-256 of the raw key). */
  registerSigningKey(publicKey: KeyObject): string {
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    const keyId = createHash('sha256').update(raw).digest('hex');
    this.signingKeys.set(keyId, { publicKey, revoked: false });
    return keyId;
  }

  revokeSigningKey(keyId: string): void {
    this.signingKeys.get(keyId)!.revoked = true;
  }

  /** A stored version as the registry holds it. */
  storedManifest(name: string, version: string): Omit<Manifest, 'verified'> | undefined {
    return this.manifests.get(`${name}@${version}`)?.manifest;
  }

  /** The registry's read resolvers. */
  resolvers() {
    return {
      manifest: ({ name, version, verify }: { name: string; version: string; verify: boolean }) => {
        const stored = this.manifests.get(`${name}@${version}`);
        if (!stored) return null;
        const problem = this.attestationProblem(stored.manifest.digest, stored.manifest.attestation);
        if (verify && problem) throw new GraphQLError(`${name}@${version} does not verify: ${problem}`, { extensions: { code: 'BAD_ATTESTATION' } });
        return { ...stored.manifest, verified: problem === null };
      },
      manifestNames: (args: PageArgs) =>
        pageOfList([...new Set([...this.manifests.values()].map(({ manifest }) => manifest.name))].sort(), args, (name) => name),
      manifestVersions: ({ name, ...args }: { name: string } & PageArgs) =>
        pageOfList(
          [...this.manifests.values()]
            .filter(({ manifest }) => manifest.name === name)
            .reverse()
            .map(({ manifest }) => ({
              version: manifest.version,
              digest: manifest.digest,
              signed: manifest.attestation !== null,
              publishedAt: manifest.publishedAt,
            })),
          args,
          (version) => version.version,
        ),
    };
  }

  /** The registry's rule: insert, unchanged, adopt a first attestation, or refuse. */
  publish(content: string, attestation: { keyId: string; signature: string } | null) {
    const format = content.trimStart().startsWith('{') ? 'JSON' : 'YAML';
    let document: { name?: unknown; version?: unknown };
    try {
      document = (format === 'JSON' ? JSON.parse(content) : parseYaml(content)) as typeof document;
    } catch (error) {
      throw new GraphQLError(`The manifest is not valid ${format}: ${(error as Error).message}`, { extensions: { code: 'BAD_INPUT' } });
    }
    if (typeof document?.name !== 'string' || typeof document.version !== 'string') {
      throw new GraphQLError('A manifest needs a "name" and a "version".', { extensions: { code: 'BAD_INPUT' } });
    }
    const canonical = sortedJson(document);
    const digest = createHash('sha256').update(canonical).digest('hex');
    if (attestation) {
      const problem = this.attestationProblem(digest, attestation);
      if (problem) return { __typename: 'BadAttestation', code: 'BAD_ATTESTATION', message: problem };
    }
    const id = `${document.name}@${document.version}`;
    const stored = this.manifests.get(id);
    if (stored && stored.manifest.digest !== digest) {
      return {
        __typename: 'ManifestVersionTaken',
        code: 'MANIFEST_VERSION_TAKEN',
        storedDigest: stored.manifest.digest,
        message: `This name@version is already published with other content (digest ${stored.manifest.digest}); versions never change: publish a new version.`,
      };
    }
    let verdict = 'UNCHANGED';
    if (!stored) {
      verdict = 'INSERTED';
      this.manifests.set(id, {
        manifest: { name: document.name, version: document.version, digest, content, canonical, format, attestation, publishedAt: new Date().toISOString() },
      });
    } else if (attestation && !stored.manifest.attestation) {
      verdict = 'ATTESTATION_ADOPTED';
      stored.manifest = { ...stored.manifest, attestation };
    } else if (attestation && stored.manifest.attestation?.signature !== attestation.signature) {
      return { __typename: 'BadAttestation', code: 'BAD_ATTESTATION', message: 'This version already carries a different attestation.' };
    }
    const manifest = this.manifests.get(id)!.manifest;
    return { __typename: 'ManifestPublished', verdict, manifest: { ...manifest, verified: this.attestationProblem(digest, manifest.attestation) === null } };
  }

  /** Why an attestation does not verify, or null when it does: checked with Node's own Ed25519, over the typed payload. */
  private attestationProblem(digest: string, attestation: { keyId: string; signature: string } | null): string | null {
    if (!attestation) return 'This version carries no attestation.';
    const key = this.signingKeys.get(attestation.keyId);
    if (!key) return `No signing key ${attestation.keyId} is registered in this tenant.`;
    if (key.revoked) return `The signing key ${attestation.keyId} was revoked.`;
    const payload = Buffer.from(`countersign-manifest-v1\n${digest}`, 'utf8');
    return verify(null, payload, key.publicKey, Buffer.from(attestation.signature, 'base64'))
      ? null
      : "The signature does not verify for this manifest's digest with that key.";
  }
}

/**
 * The digest rule written out independently of the client's: keys sorted by
 * code point (so "10" before "9", unlike a JavaScript object's own order for
 * integer-like keys), no whitespace.
 */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${sortedJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
