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

/** Every manifest name in the tenant's registry. */
export const MANIFEST_NAMES = graphql(`
  query ManifestNames {
    manifestNames
  }
`);

/** The versions of one name, in semantic-version order. */
export const MANIFEST_VERSIONS = graphql(`
  query ManifestVersions($name: String!) {
    manifestVersions(name: $name) {
      version
      digest
      signed
      publishedAt
    }
  }
`);
