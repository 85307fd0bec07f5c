/**
 * Every GraphQL document the client sends, in one place, so a change to the
 * agent-facing contract shows up here and nowhere else. Each selects a shared
 * fragment (`SignOffFields`, `AuthorityFields`, `ReceiptFields`,
 * `ManifestFields`), so every method returns the same `SignOff`,
 * `Authority`, `Receipt` or `Manifest` shape.
 */

const SIGN_OFF_FIELDS = /* GraphQL */ `
  fragment SignOffFields on SignOff {
    id
    op
    description
    irreversible
    agent {
      id
      name
    }
    repository {
      id
      name
      code
    }
    input
    inputCanonical
    inputHash
    summary
    reason
    state
    requestedAt
    expiresAt
    decidedAt
    note
    finishedAt
    result
    failure
    secretState
    secretExpiresAt
  }
`;

/** Agent asks its owner; answers the request (new or the identical one already waiting) or a refusal. */
export const REQUEST_SIGN_OFF = /* GraphQL */ `
  mutation RequestSignOff($input: RequestSignOffInput!) {
    requestSignOff(input: $input) {
      __typename
      ... on SignOffRequested {
        existing
        signOff {
          ...SignOffFields
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
  ${SIGN_OFF_FIELDS}
`;

/** One request as it stands, null when it is not this agent's. */
export const SIGN_OFF = /* GraphQL */ `
  query SignOff($id: ID!) {
    signOff(id: $id) {
      ...SignOffFields
    }
  }
  ${SIGN_OFF_FIELDS}
`;

/** Agent withdraws a request that still waits; a closed one comes back with its final state. */
export const WITHDRAW_SIGN_OFF = /* GraphQL */ `
  mutation WithdrawSignOff($id: ID!) {
    withdrawSignOff(id: $id) {
      __typename
      ... on SignOffWithdrawn {
        signOff {
          ...SignOffFields
        }
      }
      ... on SignOffClosed {
        signOff {
          ...SignOffFields
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
  ${SIGN_OFF_FIELDS}
`;

/** Agent takes the secret part of a result, once; the API forgets it as it answers. */
export const TAKE_SIGN_OFF_SECRET = /* GraphQL */ `
  mutation TakeSignOffSecret($id: ID!) {
    takeSignOffSecret(id: $id) {
      __typename
      ... on SignOffSecret {
        secret
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`;

/** Agent creates a repository for its owner, so its requests can name it. */
export const CREATE_REPOSITORY = /* GraphQL */ `
  mutation CreateRepository($input: CreateRepositoryInput!) {
    createRepository(input: $input) {
      __typename
      ... on RepositoryCreated {
        repository {
          id
          name
          code
          state
          createdAt
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`;

/** Every change to the agent's requests, narrowed to one by `id`: what `waitForDecision` listens on. */
export const SIGN_OFF_EVENTS = /* GraphQL */ `
  subscription SignOffEvents($id: ID) {
    signOffEvents(id: $id) {
      signOff {
        ...SignOffFields
      }
    }
  }
  ${SIGN_OFF_FIELDS}
`;

const AMOUNT_FIELDS = /* GraphQL */ `
  fragment AmountFields on Amounts {
    tokens
    minorUnits
    draws
  }
`;

const AUTHORITY_FIELDS = /* GraphQL */ `
  fragment AuthorityFields on Authority {
    id
    name
    agent {
      id
      name
    }
    ceiling {
      ...AmountFields
    }
    currency
    perDrawTokens
    perDrawMinorUnits
    notBefore
    notAfter
    createdAt
    drawn {
      ...AmountFields
    }
    remaining {
      ...AmountFields
    }
    state
    revokedAt
    revokeReason
  }
`;

const RECEIPT_FIELDS = /* GraphQL */ `
  fragment ReceiptFields on Receipt {
    dispatchKey
    tokens
    minorUnits
    remaining {
      ...AmountFields
    }
    ordinal
    drawnAt
  }
`;

/** The authorities granted to the asking agent, newest first. */
export const AUTHORITIES = /* GraphQL */ `
  query Authorities {
    authorities {
      ...AuthorityFields
    }
  }
  ${AUTHORITY_FIELDS}
  ${AMOUNT_FIELDS}
`;

/** One authority granted to the asking agent; null for any other id. */
export const AUTHORITY = /* GraphQL */ `
  query Authority($id: ID!) {
    authority(id: $id) {
      ...AuthorityFields
    }
  }
  ${AUTHORITY_FIELDS}
  ${AMOUNT_FIELDS}
`;

/** Agent draws on one of its authorities; every refusal comes back as data with what the agent needs to act on it. */
export const DRAW_AUTHORITY = /* GraphQL */ `
  mutation DrawAuthority($input: DrawAuthorityInput!) {
    drawAuthority(input: $input) {
      __typename
      ... on Drawn {
        replayed
        receipt {
          ...ReceiptFields
        }
        authority {
          ...AuthorityFields
        }
      }
      ... on Revoked {
        reason
      }
      ... on Exhausted {
        remaining {
          ...AmountFields
        }
      }
      ... on DispatchKeyReused {
        receipt {
          ...ReceiptFields
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
  ${AUTHORITY_FIELDS}
  ${RECEIPT_FIELDS}
  ${AMOUNT_FIELDS}
`;

const MANIFEST_FIELDS = /* GraphQL */ `
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
`;

/** Publishes a manifest version once and for all; a taken version or an attestation that does not verify comes back as data. */
export const PUBLISH_MANIFEST = /* GraphQL */ `
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
  ${MANIFEST_FIELDS}
`;

/** One version; with `verify: true` a missing, wrong or revoked-key signature fails the query with BAD_ATTESTATION. */
export const MANIFEST = /* GraphQL */ `
  query Manifest($name: String!, $version: String!, $verify: Boolean) {
    manifest(name: $name, version: $version, verify: $verify) {
      ...ManifestFields
    }
  }
  ${MANIFEST_FIELDS}
`;

/** Every manifest name in the tenant's registry. */
export const MANIFEST_NAMES = /* GraphQL */ `
  query ManifestNames {
    manifestNames
  }
`;

/** The versions of one name, in semantic-version order. */
export const MANIFEST_VERSIONS = /* GraphQL */ `
  query ManifestVersions($name: String!) {
    manifestVersions(name: $name) {
      version
      digest
      signed
      publishedAt
    }
  }
`;
