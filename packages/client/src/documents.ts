import { graphql } from './gql/index.js';

/**
 * Every GraphQL document the client sends, in one place, so a change to the
 * agent-facing contract shows up here and nowhere else. Each is typed by the
 * codegen from the SDL (`pnpm codegen` writes `gql/`), so a schema change
 * that breaks one fails the client's type check. Each selects a shared
 * fragment (`SignOffFields`, `OperationFields`, `AuthorityFields`,
 * `ReceiptFields`, `ManifestFields`), so every method returns the same
 * `SignOff`, `Operation`, `Authority`, `Receipt` or `Manifest` shape. Fragments are named, not
 * interpolated: the codegen appends the ones a document uses.
 */

export const SIGN_OFF_FIELDS = graphql(`
  fragment SignOffFields on SignOff {
    id
    op
    opVersion
    description
    irreversible
    risk
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
    redeemBy
    redeemedAt
  }
`);

/** Agent asks its owner; answers the request (new or the identical one already waiting) or a refusal. */
export const REQUEST_SIGN_OFF = graphql(`
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
`);

/** One request as it stands, null when it is not this agent's. */
export const SIGN_OFF = graphql(`
  query SignOff($id: ID!) {
    signOff(id: $id) {
      ...SignOffFields
    }
  }
`);

/**
 * The agent's own requests, a page at a time: pending first (oldest at the
 * top), then the most recently decided. How an agent finds what it asked
 * before a restart.
 */
export const SIGN_OFFS = graphql(`
  query SignOffs($state: SignOffState, $decided: Boolean, $first: Int, $after: String) {
    signOffs(state: $state, decided: $decided, first: $first, after: $after) {
      nodes {
        ...SignOffFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Agent withdraws a request that still waits; a closed one comes back with its final state. */
export const WITHDRAW_SIGN_OFF = graphql(`
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
`);

/** Agent takes the secret part of a result, once; the API forgets it as it answers. */
export const TAKE_SIGN_OFF_SECRET = graphql(`
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
`);

/** Agent creates a repository for its owner, so its requests can name it. */
export const CREATE_REPOSITORY = graphql(`
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
`);

/** The owner's live repositories, by name: the names a request may give. */
export const REPOSITORIES = graphql(`
  query Repositories {
    repositories {
      id
      name
      code
      state
      createdAt
    }
  }
`);

/** Every change to the agent's requests, narrowed to one by `id`: what `waitForDecision` listens on. */
export const SIGN_OFF_EVENTS = graphql(`
  subscription SignOffEvents($id: ID) {
    signOffEvents(id: $id) {
      signOff {
        ...SignOffFields
      }
    }
  }
`);

export const AMOUNT_FIELDS = graphql(`
  fragment AmountFields on Amounts {
    tokens
    minorUnits
    draws
  }
`);

export const AUTHORITY_FIELDS = graphql(`
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
`);

export const RECEIPT_FIELDS = graphql(`
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
`);

/** The authorities granted to the asking agent, newest first. */
export const AUTHORITIES = graphql(`
  query Authorities {
    authorities {
      ...AuthorityFields
    }
  }
`);

/** One authority granted to the asking agent; null for any other id. */
export const AUTHORITY = graphql(`
  query Authority($id: ID!) {
    authority(id: $id) {
      ...AuthorityFields
    }
  }
`);

/**
 * What a draw answers, whichever document asks: the receipt, or every
 * refusal as data with what the agent needs to act on it.
 */
export const DRAW_OUTCOME_FIELDS = graphql(`
  fragment DrawOutcomeFields on DrawAuthorityResult {
    __typename
    ... on Drawn {
      replayed
      receipt {
        ...ReceiptFields
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
`);

/**
 * Agent draws on one of its authorities. The authority is not selected: the
 * API reads it only when asked, and most draws want the receipt alone.
 */
export const DRAW_AUTHORITY = graphql(`
  mutation DrawAuthority($input: DrawAuthorityInput!) {
    drawAuthority(input: $input) {
      ...DrawOutcomeFields
    }
  }
`);

/** The same draw, answering also the authority as it stands after it (`draw(…, { withAuthority: true })`). */
export const DRAW_AUTHORITY_WITH_AUTHORITY = graphql(`
  mutation DrawAuthorityWithAuthority($input: DrawAuthorityInput!) {
    drawAuthority(input: $input) {
      ...DrawOutcomeFields
      ... on Drawn {
        authority {
          ...AuthorityFields
        }
      }
    }
  }
`);

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

/** One operation of the catalogue as an agent reads it (`webhookUrl` is for owners only, so not selected). */
export const OPERATION_FIELDS = graphql(`
  fragment OperationFields on Operation {
    op
    version
    summary
    description
    irreversible
    risk
    runner
    retired
    inputSchema
    secretFields
    needsRepository
    definedAt
    openCount
  }
`);

/** What the agent may ask for: the built-ins and its tenant's defined operations, at their latest version. */
export const OPERATIONS = graphql(`
  query Operations($includeRetired: Boolean) {
    operations(includeRetired: $includeRetired) {
      ...OperationFields
    }
  }
`);

/** One operation at a version, or at its latest; null when unknown. */
export const OPERATION = graphql(`
  query Operation($op: String!, $version: Int) {
    operation(op: $op, version: $version) {
      ...OperationFields
    }
  }
`);

/** Agent exchanges its approved request of an AGENT operation for a signed, single-use grant. */
export const REDEEM_SIGN_OFF = graphql(`
  mutation RedeemSignOff($input: RedeemSignOffInput!) {
    redeemSignOff(input: $input) {
      __typename
      ... on SignOffRedeemed {
        approval
        signOff {
          ...SignOffFields
        }
      }
      ... on AlreadyRedeemed {
        signOff {
          ...SignOffFields
        }
      }
      ... on GrantLapsed {
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
`);

/** Agent reports how the action it redeemed went, once. */
export const REPORT_SIGN_OFF_OUTCOME = graphql(`
  mutation ReportSignOffOutcome($input: ReportSignOffOutcomeInput!) {
    reportSignOffOutcome(input: $input) {
      __typename
      ... on SignOffOutcomeReported {
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
`);
