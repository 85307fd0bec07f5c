import type { Principal } from '../../platform/lib/principal.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { keyIdOf } from '@countersign/manifest';
import { graphQLError, retryLaterError } from '../../platform/lib/errors.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { ManifestReader } from './parse-pool.js';

import { decidePublish, type Attestation } from './decide-publish.js';
import { readPublicKey, verifyAttestation } from './signatures.js';
import {
  adoptAttestation,
  countRecentPublishes,
  roomForManifestName,
  findKey,
  findManifest,
  findManifestHead,
  findManifestText,
  findVersion,
  insertKey,
  insertManifest,
  listKeys,
  listNames,
  listVersions,
  lockVersion,
  revokeKey,
  type ManifestRow,
  type SigningKeyRow,
} from './store.js';
import { nameCursor, pageOf, pageWindow, type Page } from '../../platform/lib/page.js';

/** One per process: YAML is read off the event loop, one document at a time (see parse-pool.ts). */
const manifestReader = new ManifestReader();

export type PublishOutcome =
  | { kind: 'published'; verdict: 'INSERTED' | 'UNCHANGED' | 'ATTESTATION_ADOPTED'; manifest: ManifestRow }
  | { kind: 'version-taken'; storedDigest: string }
  | { kind: 'text-differs'; storedDigest: string }
  | { kind: 'bad-attestation'; reason: string }
  | { kind: 'limit-reached'; max: number };

/** Why a signature by the named key does not verify for the digest, or null when it does. One rule for publishing, one version and a list. */
function signatureProblem(keyId: string, key: Pick<SigningKeyRow, 'publicKey' | 'revokedAt'> | null, digest: string, signature: string): string | null {
  if (!key) return `No signing key ${keyId} is registered in this tenant.`;
  if (key.revokedAt) return `The signing key ${keyId} was revoked.`;
  if (!verifyAttestation(key.publicKey, digest, signature)) return "The signature does not verify for this manifest's digest with that key.";
  return null;
}

/** Why an attestation does not verify, or null when it does. */
async function attestationProblem(db: Queryable, tenantId: string, digest: string, attestation: Attestation): Promise<string | null> {
  const key = /^[0-9a-f]{64}$/.test(attestation.keyId) ? await findKey(db, tenantId, attestation.keyId) : null;
  return signatureProblem(attestation.keyId, key, digest, attestation.signature);
}

/**
 * Why a stored version does not verify now, or null when it does: it
 * carries an attestation, its stored canonical JSON still hashes to its
 * digest, and the signature by a registered, unrevoked key covers that
 * digest.
 */
function storedVersionProblem(
  version: { digest: string; keyId: string | null; signature: string | null },
  canonicalIntact: boolean,
  key: Pick<SigningKeyRow, 'publicKey' | 'revokedAt'> | null,
): string | null {
  if (!version.keyId || !version.signature) return 'This version carries no attestation.';
  if (!canonicalIntact) return 'The stored content no longer matches its digest.';
  return signatureProblem(version.keyId, key, version.digest, version.signature);
}

/**
 * Publishes a version. The attestation is verified first; then, in one
 * transaction under an advisory lock on the version, the stored row is read
 * and decidePublish's verdict applied: insert, nothing, or adopt the
 * attestation (onto byte-identical stored text only). A new name past the
 * tenant's cap is LimitReached; an agent past its hourly rate RATE_LIMITED.
 * Refusals write nothing.
 */
export async function publishManifest(
  deps: ServiceDeps & { runtime: Pick<Runtime, 'limits'> },
  principal: Principal,
  content: string,
  attestation: Attestation | null | undefined,
): Promise<PublishOutcome> {
  const manifest = await manifestReader.read(content, principal.tenantId);
  const publishedBy = principal.kind === 'agent' ? `agent:${principal.agentId}` : `owner:${principal.ownerId}`;
  return deps.scope.transaction(async (tx) => {
    await lockVersion(tx, principal.tenantId, manifest.name, manifest.version);
    // Checked inside the transaction, so a key revoked meanwhile is seen.
    const problem = attestation ? await attestationProblem(tx, principal.tenantId, manifest.digest, attestation) : null;
    if (problem) return { kind: 'bad-attestation', reason: problem } as const;
    const stored = await findManifest(tx, principal.tenantId, manifest.name, manifest.version);
    const existing = stored && {
      content: stored.content,
      digest: stored.digest,
      attestation: stored.keyId ? { keyId: stored.keyId, signature: stored.signature! } : null,
    };
    const verdict = decidePublish(existing, { content: manifest.content, digest: manifest.digest, attestation: attestation ?? null });
    switch (verdict.kind) {
      case 'version-taken':
        return { kind: 'version-taken', storedDigest: verdict.storedDigest } as const;
      case 'text-differs':
        return { kind: 'text-differs', storedDigest: verdict.storedDigest } as const;
      case 'attestation-conflict':
        return { kind: 'bad-attestation', reason: 'This version already carries a different attestation.' } as const;
      case 'insert':
        if (!(await roomForManifestName(tx, principal.tenantId, manifest.name, deps.runtime.limits.manifestNamesPerTenant)))
          return { kind: 'limit-reached', max: deps.runtime.limits.manifestNamesPerTenant } as const;
        if (principal.kind === 'agent') await holdPublishRate(tx, principal.tenantId, publishedBy, deps.runtime.limits.publishesPerAgentPerHour);
        await insertManifest(tx, principal.tenantId, manifest, attestation ?? null, publishedBy);
        break;
      case 'adopt-attestation':
        if (!(await adoptAttestation(tx, principal.tenantId, manifest, attestation!)))
          throw new Error(`${manifest.name}@${manifest.version} changed under its publish lock`);
        break;
      case 'unchanged':
        break;
    }
    const row = (await findManifest(tx, principal.tenantId, manifest.name, manifest.version))!;
    const label = verdict.kind === 'insert' ? 'INSERTED' : verdict.kind === 'adopt-attestation' ? 'ATTESTATION_ADOPTED' : 'UNCHANGED';
    return { kind: 'published', verdict: label, manifest: row } as const;
  });
}

/**
 * An agent publishes at most `max` new versions in any hour
 * (COUNTERSIGN_MAX_PUBLISHES_PER_AGENT_PER_HOUR), counted in PostgreSQL so
 * every instance sees the same count; past it RATE_LIMITED, with
 * Retry-After saying when the oldest leaves the hour.
 */
async function holdPublishRate(tx: Queryable, tenantId: string, publishedBy: string, max: number): Promise<void> {
  const recent = await countRecentPublishes(tx, tenantId, publishedBy);
  if (recent.count >= max)
    throw retryLaterError(
      'RATE_LIMITED',
      `This agent published ${max} manifest versions in the last hour; retry in ${recent.retryAfterSeconds} s.`,
      recent.retryAfterSeconds,
    );
}

/**
 * Whether a stored version's attestation verifies now, and if not, why:
 * one query, in which the database hashes the stored canonical JSON (the
 * digest is of that very text) and joins the key; the text stays there.
 */
export async function verifyManifest(deps: Pick<ServiceDeps, 'scope'>, row: Pick<ManifestRow, 'tenantId' | 'name' | 'version'>): Promise<string | null> {
  // Through the scope: a publish's answer verifies what it just adopted, inside its own transaction.
  const version = await findVersion(deps.scope.reads, row.tenantId, row.name, row.version);
  if (!version) throw new Error(`${row.name}@${row.version} vanished, though versions are never deleted`);
  return storedVersionProblem(version, version.canonicalIntact === true, version.key);
}

/** A version's text and canonical JSON, read only when a field shows them (a publish's answer too, so through the scope). */
export async function readManifestText(
  deps: Pick<ServiceDeps, 'scope'>,
  row: Pick<ManifestRow, 'tenantId' | 'name' | 'version'>,
): Promise<{ content: string; canonical: string }> {
  const text = await findManifestText(deps.scope.reads, row.tenantId, row.name, row.version);
  if (!text) throw new Error(`${row.name}@${row.version} vanished, though versions are never deleted`);
  return text;
}

/** One version, without its text (its fields read it when asked): a query's read, so Prisma's. */
export async function readManifest(
  deps: Pick<ServiceDeps, 'db' | 'scope'>,
  principal: Principal,
  name: string,
  version: string,
  verify: boolean,
): Promise<ManifestRow | null> {
  const row = await findManifestHead(deps.db.prisma, principal.tenantId, name, version);
  if (row && verify) {
    const problem = await verifyManifest(deps, row);
    if (problem) throw graphQLError('BAD_ATTESTATION', `${name}@${version} does not verify: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`);
  }
  return row;
}

/** Names and versions are at most 100 and 64 characters (domains/registry/content.ts); a key id is 64 hex digits. */
const readNameCursor = nameCursor(100);
const readVersionCursor = nameCursor(64);
const readKeyCursor = nameCursor(64);

/** A page of the tenant's manifest names, in text order; the cursor is the last name. */
export async function readNames(deps: Pick<ServiceDeps, 'db'>, principal: Principal, first: number, after: string | null | undefined): Promise<Page<string>> {
  const window = pageWindow(first, after, readNameCursor);
  return pageOf(await listNames(deps.db.prisma, principal.tenantId, window.size + 1, window.after), window.size, (name) => name);
}

/** A version as `manifestVersions` shows it. */
export interface ManifestVersionSummary {
  version: string;
  digest: string;
  signed: boolean;
  keyId: string | null;
  publishedAt: Date;
  verified: boolean;
}

/**
 * A page of a name's versions, newest published first, verified by the same
 * rule as one version (storedVersionProblem) from one query that reads no
 * version's text: the database hashes the canonical JSON and joins the keys.
 * Newest first rather than in version order: a keyset page needs an order
 * an index holds, and versions are any text.
 */
export async function readVersions(
  deps: Pick<ServiceDeps, 'db'>,
  principal: Principal,
  name: string,
  first: number,
  after: string | null | undefined,
): Promise<Page<ManifestVersionSummary>> {
  const window = pageWindow(first, after, readVersionCursor);
  // Raw on the pool: PostgreSQL hashes each version's canonical JSON (canonicalIntact), which Prisma cannot ask for.
  const rows = await listVersions(deps.db.pool, principal.tenantId, name, window.size + 1, window.after);
  const summaries = rows.map((row) => ({
    version: row.version,
    digest: row.digest,
    signed: row.keyId !== null,
    keyId: row.keyId,
    publishedAt: row.publishedAt,
    verified: storedVersionProblem(row, row.canonicalIntact === true, row.key) === null,
  }));
  return pageOf(summaries, window.size, (summary) => summary.version);
}

export async function registerSigningKey(
  deps: ServiceDeps,
  owner: { tenantId: string; ownerId: string },
  publicKey: string,
  name: string,
): Promise<{ key: SigningKeyRow; existing: boolean }> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw graphQLError('BAD_INPUT', 'A key name is 1 to 100 characters.');
  const raw = readPublicKey(publicKey);
  const keyId = keyIdOf(raw);
  return deps.scope.transaction(async (tx) => {
    const created = await insertKey(tx, { tenantId: owner.tenantId, keyId, ownerId: owner.ownerId, name: trimmed, publicKey: raw.toString('base64') });
    return { key: (await findKey(tx, owner.tenantId, keyId))!, existing: !created };
  });
}

export function revokeSigningKey(deps: ServiceDeps, owner: { tenantId: string; ownerId: string }, keyId: string): Promise<SigningKeyRow | null> {
  return /^[0-9a-f]{64}$/.test(keyId) ? deps.scope.transaction((tx) => revokeKey(tx, owner.tenantId, owner.ownerId, keyId)) : Promise.resolve(null);
}

/** A page of the tenant's signing keys, newest first; the cursor is the last key's id. */
export async function readKeys(
  deps: Pick<ServiceDeps, 'db'>,
  owner: { tenantId: string },
  first: number,
  after: string | null | undefined,
): Promise<Page<SigningKeyRow>> {
  const window = pageWindow(first, after, readKeyCursor);
  return pageOf(await listKeys(deps.db.pool, owner.tenantId, window.size + 1, window.after), window.size, (key) => key.keyId);
}
