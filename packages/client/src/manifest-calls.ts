import { readAllPages } from '@countersign/manifest';
import type { AgentTransport } from './agent-transport.js';
import type { ManifestOptions, PublishManifestOptions } from './agent-options.js';
import { publishResult } from './answers.js';
import { MANIFEST, MANIFEST_NAMES, MANIFEST_VERSIONS, PUBLISH_MANIFEST } from './manifest-documents.js';
import { attestManifest, manifestDigest, manifestText } from './manifests.js';
import type { Manifest, ManifestVersion, PublishManifestResult } from './types.js';

/**
 * The registry's calls, as `CountersignAgent` makes them (its methods carry
 * the documentation): publishing reads the content as the API will, and
 * signs the digest the API computes, before one idempotent write.
 */
export async function publishManifest(
  api: AgentTransport,
  content: string | object,
  { signWith, ...options }: PublishManifestOptions,
): Promise<PublishManifestResult> {
  const text = manifestText(content);
  const attestation = signWith ? attestManifest(manifestDigest(text).digest, signWith) : null;
  const { data, replayed } = await api.write(PUBLISH_MANIFEST, { input: { content: text, attestation } }, options);
  return publishResult(data.publishManifest, replayed);
}

export async function readManifest(api: AgentTransport, name: string, version: string, { verify = false }: ManifestOptions): Promise<Manifest | null> {
  return (await api.execute(MANIFEST, { name, version, verify })).manifest;
}

export function readManifestNames(api: AgentTransport): Promise<string[]> {
  return readAllPages(async (first, after) => (await api.execute(MANIFEST_NAMES, { first, after })).manifestNames);
}

export function readManifestVersions(api: AgentTransport, name: string): Promise<ManifestVersion[]> {
  return readAllPages(async (first, after) => (await api.execute(MANIFEST_VERSIONS, { name, first, after })).manifestVersions);
}
