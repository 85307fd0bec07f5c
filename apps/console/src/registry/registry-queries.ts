import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../gql';
import { request } from '../transport/graphql-client';

/** Every manifest name in the owner's registry. */
export const ManifestNamesDocument = graphql(`
  query ManifestNames {
    manifestNames
  }
`);

/** The versions of one name, in semantic-version order. */
export const ManifestVersionsDocument = graphql(`
  query ManifestVersions($name: String!) {
    manifestVersions(name: $name) {
      version
      digest
      signed
      publishedAt
    }
  }
`);

/**
 * Whether one version's attestation verifies now. Versions do not carry it
 * in their list, so each row asks for it, and for nothing heavier.
 */
export const ManifestVerifiedDocument = graphql(`
  query ManifestVerified($name: String!, $version: String!) {
    manifest(name: $name, version: $version) {
      name
      version
      verified
    }
  }
`);

/** One version in full: its exact text, its canonical form and who attested it. */
export const ManifestDocument = graphql(`
  query Manifest($name: String!, $version: String!) {
    manifest(name: $name, version: $version) {
      name
      version
      digest
      content
      canonical
      format
      attestation {
        keyId
        signature
      }
      verified
      publishedAt
    }
  }
`);

/**
 * Verifies one version on the server: a missing signature, one that does
 * not cover the digest, or one by an unknown or revoked key fails the query
 * with BAD_ATTESTATION and a message saying which.
 */
export const VerifyManifestDocument = graphql(`
  query VerifyManifest($name: String!, $version: String!) {
    manifest(name: $name, version: $version, verify: true) {
      name
      version
      digest
      attestation {
        keyId
      }
      verified
    }
  }
`);

/** What the Signing keys list shows about a key; shared by the list and both mutations. */
export const SigningKeyFieldsFragment = graphql(`
  fragment SigningKeyFields on SigningKey {
    keyId
    name
    createdAt
    revokedAt
  }
`);

export const SigningKeysDocument = graphql(`
  query SigningKeys {
    signingKeys {
      ...SigningKeyFields
    }
  }
`);

/** Registers an Ed25519 public key; one registered already comes back with `existing: true`. Bad keys are BAD_INPUT errors. */
export const RegisterSigningKeyDocument = graphql(`
  mutation RegisterSigningKey($input: RegisterSigningKeyInput!) {
    registerSigningKey(input: $input) {
      __typename
      ... on SigningKeyRegistered {
        existing
        key {
          ...SigningKeyFields
        }
      }
    }
  }
`);

/** Revokes a key: attestations by it stop verifying. Idempotent. */
export const RevokeSigningKeyDocument = graphql(`
  mutation RevokeSigningKey($input: RevokeSigningKeyInput!) {
    revokeSigningKey(input: $input) {
      __typename
      ... on SigningKeyRevoked {
        key {
          ...SigningKeyFields
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`);

/**
 * Query options for the registry page. Nothing announces a publication (the
 * API has no registry events), so every list refetches when the page mounts
 * rather than trust what was cached before.
 */
export const registryQueries = {
  all: () => ['registry'] as const,
  names: () =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'names'] as const,
      queryFn: async () => (await request(ManifestNamesDocument)).manifestNames,
      refetchOnMount: 'always',
    }),
  versions: (name: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'versions', name] as const,
      queryFn: async () => (await request(ManifestVersionsDocument, { name })).manifestVersions,
      refetchOnMount: 'always',
    }),
  /** Whether a version verifies now; it changes when a key is revoked, so it is invalidated with the keys. */
  verified: (name: string, version: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'verified', name, version] as const,
      queryFn: async () => (await request(ManifestVerifiedDocument, { name, version })).manifest?.verified ?? false,
      refetchOnMount: 'always',
    }),
  manifest: (name: string, version: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'manifest', name, version] as const,
      queryFn: async () => (await request(ManifestDocument, { name, version })).manifest,
      refetchOnMount: 'always',
    }),
  signingKeys: () =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'signing-keys'] as const,
      queryFn: async () => (await request(SigningKeysDocument)).signingKeys,
      refetchOnMount: 'always',
    }),
};

/** The registry's mutations, run through `useResultMutation`. */
export const registryMutations = {
  /** Registers a public key; the list refetches with it. */
  registerSigningKey: () =>
    mutationOptions({
      mutationKey: [...registryQueries.all(), 'register-signing-key'] as const,
      mutationFn: async (input: { publicKey: string; name: string }) => (await request(RegisterSigningKeyDocument, { input })).registerSigningKey,
      onSuccess: (_result, _input, _onMutate, { client }) => client.invalidateQueries({ queryKey: registryQueries.all() }),
    }),
  /** Revokes a key: every version it signed stops verifying, so badges and details refetch with the list. */
  revokeSigningKey: () =>
    mutationOptions({
      mutationKey: [...registryQueries.all(), 'revoke-signing-key'] as const,
      mutationFn: async (keyId: string) => (await request(RevokeSigningKeyDocument, { input: { keyId } })).revokeSigningKey,
      onSuccess: (_result, _keyId, _onMutate, { client }) => client.invalidateQueries({ queryKey: registryQueries.all() }),
    }),
  /**
   * Asks the server to check one version's attestation now. A query on the
   * wire, but run on demand like a mutation: its failure (BAD_ATTESTATION,
   * with the reason) is the answer the owner asked for.
   */
  verifyManifest: () =>
    mutationOptions({
      mutationKey: [...registryQueries.all(), 'verify'] as const,
      mutationFn: async (version: { name: string; version: string }) => (await request(VerifyManifestDocument, version)).manifest,
      // Either way the answer is news about this version: its badge follows it.
      onSettled: (_result, _error, { name, version }, _onMutate, { client }) =>
        Promise.all([
          client.invalidateQueries({ queryKey: registryQueries.verified(name, version).queryKey }),
          client.invalidateQueries({ queryKey: registryQueries.manifest(name, version).queryKey }),
        ]),
    }),
};
