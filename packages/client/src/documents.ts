import { graphql } from './gql/index.js';

/**
 * The GraphQL documents the client sends about sign-offs, repositories and
 * operations (authorities' are in authority-documents.ts, manifests' in
 * manifest-documents.ts), so a change to the agent-facing contract shows up
 * in these files and nowhere else. Each is typed by the
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
    requestedInput
    requestedInputHash
    changedByOwner
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
  query SignOffs($state: SignOffState, $decided: Boolean, $op: String, $requestedInputHash: String, $first: Int, $after: String) {
    signOffs(state: $state, decided: $decided, op: $op, requestedInputHash: $requestedInputHash, first: $first, after: $after) {
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

/** A page of the owner's live repositories, by name: the names a request may give. */
export const REPOSITORIES = graphql(`
  query Repositories($first: Int!, $after: String) {
    repositories(first: $first, after: $after) {
      nodes {
        id
        name
        code
        state
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
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
