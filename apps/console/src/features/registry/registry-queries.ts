import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import { request } from '../../shared/transport/graphql-client';
import { readAllPages } from '@countersign/manifest/pages';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** A page of the manifest names in the owner's registry, by name. */
export const ManifestNamesDocument = graphql(`
  query ManifestNames($first: Int!, $after: String) {
    manifestNames(first: $first, after: $after) {
      nodes
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** A page of the versions of one name, newest published first. */
export const ManifestVersionsDocument = graphql(`
  query ManifestVersions($name: String!, $first: Int!, $after: String) {
    manifestVersions(name: $name, first: $first, after: $after) {
      nodes {
        version
        digest
        signed
        publishedAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** How many names or versions a page of the registry shows before "Show more": agents can publish without end, so these lists are never read whole. */
export const REGISTRY_PAGE_SIZE = 50;

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

// Three documents on `manifest` rather than one shared selection: a row's badge, the detail and the check each ask only for what they show.
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
  query SigningKeys($first: Int!, $after: String) {
    signingKeys(first: $first, after: $after) {
      nodes {
        ...SigningKeyFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
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
      ...DomainErrorFields
    }
  }
`);

/**
 * Query options for the registry page. Nothing announces a publication (the
 * API has no registry events), so every list refetches when the page mounts
 * rather than trust what was cached before.
 */
export const registryQueries = {
  all: () => QUERY_ROOTS.registry,
  names: () =>
    infiniteQueryOptions({
      queryKey: [...registryQueries.all(), 'names'] as const,
      queryFn: async ({ pageParam }) => (await request(ManifestNamesDocument, { first: REGISTRY_PAGE_SIZE, after: pageParam })).manifestNames,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
      refetchOnMount: 'always',
    }),
  versions: (name: string) =>
    infiniteQueryOptions({
      queryKey: [...registryQueries.all(), 'versions', name] as const,
      queryFn: async ({ pageParam }) => (await request(ManifestVersionsDocument, { name, first: REGISTRY_PAGE_SIZE, after: pageParam })).manifestVersions,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
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
      queryFn: () => readAllPages(async (first, after) => (await request(SigningKeysDocument, { first, after })).signingKeys),
      refetchOnMount: 'always',
    }),
};

/** The registry's mutations, run through `useResultMutation`. */
export const registryMutations = {
  /** Registers a public key; the list refetches with it. */
  registerSigningKey: () =>
    refetchingMutation(
      registryQueries.all(),
      'register-signing-key',
      async (input: { publicKey: string; name: string }) => (await request(RegisterSigningKeyDocument, { input })).registerSigningKey,
    ),
  /** Revokes a key: every version it signed stops verifying, so badges and details refetch with the list. */
  revokeSigningKey: () =>
    refetchingMutation(
      registryQueries.all(),
      'revoke-signing-key',
      async (keyId: string) => (await request(RevokeSigningKeyDocument, { input: { keyId } })).revokeSigningKey,
    ),
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
