import { infiniteQueryOptions } from '@tanstack/react-query';
import { graphql } from '../gql';
import type { SignOffState } from '../gql/graphql';
import { request } from '../transport/graphql-client';

/** Everything the inbox and history show about one request; shared by lists, decisions and events. */
export const SignOffFieldsFragment = graphql(`
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
    }
    input
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
  }
`);

/** A page of the owner's requests: pending first (oldest at the top), then the most recently decided. */
export const SignOffsDocument = graphql(`
  query SignOffs($state: SignOffState, $first: Int, $after: String) {
    signOffs(state: $state, first: $first, after: $after) {
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

/** Approve (which runs it at once) or deny; a losing decision answers SignOffClosed with the request as it stands. */
export const DecideSignOffDocument = graphql(`
  mutation DecideSignOff($input: DecideSignOffInput!) {
    decideSignOff(input: $input) {
      __typename
      ... on SignOffDecided {
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

/** Every change to the owner's requests; the lists refetch on each, so the payload stays small. */
export const SignOffEventsDocument = graphql(`
  subscription SignOffEvents {
    signOffEvents {
      signOff {
        id
        state
      }
    }
  }
`);

/** Pending requests per page: enough for a busy inbox at a glance (the API allows up to 100). */
const INBOX_PAGE_SIZE = 50;
const HISTORY_PAGE_SIZE = 20;

/**
 * Query options for sign-off lists, reused by the pages, the tab title and
 * invalidation after events. Everything lives under `all()`, so one
 * invalidation refreshes the inbox, the history and the pending count.
 */
export const signOffQueries = {
  all: () => ['signOffs'] as const,
  /** The owner's pending requests, oldest waiting first (the API's order). */
  pending: () =>
    infiniteQueryOptions({
      queryKey: [...signOffQueries.all(), 'pending'] as const,
      queryFn: async ({ pageParam }) =>
        (await request(SignOffsDocument, { state: 'PENDING', first: INBOX_PAGE_SIZE, after: pageParam })).signOffs,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
    }),
  /**
   * Requests for the history, most recently decided first; `state` narrows
   * to one state. Without it the API lists pending ones too (first): the
   * history page leaves those to the inbox.
   */
  history: (state: SignOffState | undefined) =>
    infiniteQueryOptions({
      queryKey: [...signOffQueries.all(), 'history', state ?? 'ALL'] as const,
      queryFn: async ({ pageParam }) =>
        (await request(SignOffsDocument, { state, first: HISTORY_PAGE_SIZE, after: pageParam })).signOffs,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
    }),
};
