import { graphql } from './gql/index.js';

/* The documents about the manifest registry (see documents.ts for how they are typed). */

export const MANIFEST_FIELDS = graphql(`
  fragment ManifestFields on Manifest {
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
`);

/** Publishes a manifest version once and for all; a taken version or an attestation that does not verify comes back as data. */
export const PUBLISH_MANIFEST = graphql(`
  mutation PublishManifest($input: PublishManifestInput!) {
    publishManifest(input: $input) {
      __typename
      ... on ManifestPublished {
        verdict
        manifest {
          ...ManifestFields
        }
      }
      ... on ManifestVersionTaken {
        storedDigest
      }
      ... on LimitReached {
        max
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`);

/** One version; with `verify: true` a missing, wrong or revoked-key signature fails the query with BAD_ATTESTATION. */
export const MANIFEST = graphql(`
  query Manifest($name: String!, $version: String!, $verify: Boolean) {
    manifest(name: $name, version: $version, verify: $verify) {
      ...ManifestFields
    }
  }
`);

/** A page of the manifest names in the tenant's registry, by name. */
export const MANIFEST_NAMES = graphql(`
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
export const MANIFEST_VERSIONS = graphql(`
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
