import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner, requirePrincipal, type Context } from '../../platform/lib/context.js';
import { domainError, limitReached } from '../../platform/lib/errors.js';
import {
  publishManifest,
  readKeys,
  readManifest,
  readManifestText,
  readNames,
  readVersions,
  registerSigningKey,
  revokeSigningKey,
  verifyManifest,
} from './service.js';
import type { ManifestRow } from './store.js';

const versionKey = (row: ManifestRow) => [row.tenantId, row.name, row.version].join('\u001f');

/** A version's text, read once per request whichever of its fields (and aliases of them) ask: it never changes. */
function manifestText(ctx: Context, row: ManifestRow) {
  return ctx.loaders.once(`manifestText:${versionKey(row)}`, () => readManifestText(ctx, row));
}

export const registryResolvers: Resolvers = {
  Query: {
    manifest: (_root, { name, version, verify }, ctx) => readManifest(ctx, requirePrincipal(ctx, 'read'), name, version, verify ?? false),
    manifestNames: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:manifestNames:${first ?? 20}:${after ?? ''}`, () => readNames(ctx, requirePrincipal(ctx, 'read'), first ?? 20, after)),
    manifestVersions: (_root, { name, first, after }, ctx) => readVersions(ctx, requirePrincipal(ctx, 'read'), name, first ?? 20, after),
    signingKeys: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:signingKeys:${first ?? 20}:${after ?? ''}`, () => readKeys(ctx, requireOwner(ctx, 'read'), first ?? 20, after)),
  },
  Mutation: {
    publishManifest: async (_root, { input }, ctx) => {
      const outcome = await publishManifest(ctx, requirePrincipal(ctx, 'admin'), input.content, input.attestation);
      switch (outcome.kind) {
        case 'published':
          return { __typename: 'ManifestPublished', verdict: outcome.verdict, manifest: outcome.manifest };
        case 'version-taken':
          return {
            ...domainError(
              'ManifestVersionTaken',
              'MANIFEST_VERSION_TAKEN',
              `This name@version is already published with other content (digest ${outcome.storedDigest}); versions never change: publish a new version.`,
            ),
            storedDigest: outcome.storedDigest,
          };
        case 'text-differs':
          return {
            ...domainError(
              'ManifestVersionTaken',
              'MANIFEST_VERSION_TAKEN',
              `This name@version is stored unsigned as other text with the same digest (${outcome.storedDigest}): an attestation is only added to the exact text it was published with, byte for byte, so a signature never vouches for text its signer did not write. Publish the stored text itself with the attestation, or publish a new version.`,
            ),
            storedDigest: outcome.storedDigest,
          };
        case 'bad-attestation':
          return domainError('BadAttestation', 'BAD_ATTESTATION', outcome.reason);
        case 'limit-reached':
          return limitReached(
            'MANIFEST_NAMES_PER_TENANT',
            outcome.max,
            `This workspace has ${outcome.max} manifest names already: publish a new version of one of them instead.`,
          );
      }
    },
    registerSigningKey: async (_root, { input }, ctx) => {
      const registered = await registerSigningKey(ctx, requireOwner(ctx, 'admin'), input.publicKey, input.name);
      return { __typename: 'SigningKeyRegistered', ...registered };
    },
    revokeSigningKey: async (_root, { input }, ctx) => {
      const key = await revokeSigningKey(ctx, requireOwner(ctx, 'admin'), input.keyId);
      return key ? { __typename: 'SigningKeyRevoked', key } : domainError('NotFound', 'NOT_FOUND', 'No signing key you registered has that id.');
    },
  },
  Manifest: {
    content: async (row, _args, ctx) => row.content ?? (await manifestText(ctx, row)).content,
    canonical: async (row, _args, ctx) => row.canonical ?? (await manifestText(ctx, row)).canonical,
    format: (row) => (row.format === 'json' ? 'JSON' : 'YAML'),
    attestation: (row) => (row.keyId && row.signature ? { keyId: row.keyId, signature: row.signature } : null),
    // Not remembered: an attestation adopted or a key revoked earlier in the same request changes it.
    verified: async (row, _args, ctx) => (await verifyManifest(ctx, row)) === null,
  },
};
