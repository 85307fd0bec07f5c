import { queryOptions } from '@tanstack/react-query';
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
