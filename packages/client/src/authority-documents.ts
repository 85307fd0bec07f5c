import { graphql } from './gql/index.js';

/* The documents about standing authorities and draws (see documents.ts for how they are typed). */

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

/** A page of the authorities granted to the asking agent, newest first. */
export const AUTHORITIES = graphql(`
  query Authorities($first: Int!, $after: String) {
    authorities(first: $first, after: $after) {
      nodes {
        ...AuthorityFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
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
