import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { AuthorityEventsSubscription, IssueAuthorityInput, RevokeAuthorityInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { readAllPages } from '@countersign/manifest/pages';
import type { LiveEvents } from '../../shared/transport/use-live-events';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** One figure per dimension an authority can cap; null where a ceiling (or what is left under it) does not exist. */
export const AmountFieldsFragment = graphql(`
  fragment AmountFields on Amounts {
    tokens
    minorUnits
    draws
  }
`);

/** Everything the Authorities page shows about one authority except its receipts, which page separately. */
export const AuthorityFieldsFragment = graphql(`
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
    lastDrawnAt
    grantedBy {
      id
    }
  }
`);

/** One landed draw, with what was left right after it. */
export const ReceiptFieldsFragment = graphql(`
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

/** Every authority the owner issued, newest first. */
export const AuthoritiesDocument = graphql(`
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

/** A page of one authority's receipts, newest first; `after` is the previous page's `endCursor`. */
export const AuthorityReceiptsDocument = graphql(`
  query AuthorityReceipts($id: ID!, $first: Int, $after: String) {
    authority(id: $id) {
      id
      receipts(first: $first, after: $after) {
        nodes {
          ...ReceiptFields
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/**
 * Grants an agent an authority. Invalid terms are BAD_INPUT GraphQL errors;
 * a different agent-or-terms under a reused id is TermsConflict; an agent
 * that is not (or no longer) the owner's is NotFound.
 */
export const IssueAuthorityDocument = graphql(`
  mutation IssueAuthority($input: IssueAuthorityInput!) {
    issueAuthority(input: $input) {
      __typename
      ... on AuthorityIssued {
        existing
        authority {
          ...AuthorityFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Revokes an authority; idempotent, and a second revocation keeps the first reason. */
export const RevokeAuthorityDocument = graphql(`
  mutation RevokeAuthority($input: RevokeAuthorityInput!) {
    revokeAuthority(input: $input) {
      __typename
      ... on AuthorityRevoked {
        authority {
          ...AuthorityFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Every issue, draw and revocation on the owner's authorities; only the id is read, since the page refetches. */
export const AuthorityEventsDocument = graphql(`
  subscription AuthorityEvents {
    authorityEvents {
      authority {
        id
      }
    }
  }
`);

/** Receipts per page: a screenful under each authority (the API allows up to 100). */
const RECEIPTS_PAGE_SIZE = 10;

/**
 * Query options for authorities, reused by the page and by invalidation
 * after events. Events only arrive while the page is open, so both queries
 * refetch on every mount rather than trust what was cached before.
 */
export const authorityQueries = {
  all: () => QUERY_ROOTS.authorities,
  list: () =>
    queryOptions({
      queryKey: [...authorityQueries.all(), 'list'] as const,
      queryFn: () => readAllPages(async (first, after) => (await request(AuthoritiesDocument, { first, after })).authorities),
      refetchOnMount: 'always',
    }),
  /** Everything cached for one authority's receipts, for invalidating after its events. */
  allReceipts: (id: string) => [...authorityQueries.all(), 'receipts', id] as const,
  receipts: (id: string) =>
    infiniteQueryOptions({
      queryKey: authorityQueries.allReceipts(id),
      queryFn: async ({ pageParam }) => {
        const { authority } = await request(AuthorityReceiptsDocument, { id, first: RECEIPTS_PAGE_SIZE, after: pageParam });
        return authority?.receipts ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
      refetchOnMount: 'always',
    }),
};

/**
 * The authority mutations, run through `useResultMutation`. Any answer
 * refetches every authority query: a conflict or a refusal means what the
 * page shows is stale too.
 */
export const authorityMutations = {
  /** Issues under the id the form chose, so a resubmission after a lost answer returns the authority already issued. */
  issue: () =>
    refetchingMutation(
      authorityQueries.all(),
      'issue',
      async (input: IssueAuthorityInput) => (await request(IssueAuthorityDocument, { input })).issueAuthority,
    ),
  revoke: () =>
    refetchingMutation(
      authorityQueries.all(),
      'revoke',
      async (input: RevokeAuthorityInput) => (await request(RevokeAuthorityDocument, { input })).revokeAuthority,
    ),
};

/**
 * Balances and receipts, live while the Authorities page is open: an issue,
 * draw or revocation (from any tab, instance or agent) refetches the list
 * and that authority's receipts; a (re)connection refetches everything.
 */
export const authorityLiveEvents: LiveEvents<AuthorityEventsSubscription> = {
  document: AuthorityEventsDocument,
  invalidates: ({ authorityEvents }) => [authorityQueries.list().queryKey, authorityQueries.allReceipts(authorityEvents.authority.id)],
  resync: [authorityQueries.all()],
};
