import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { DecideSignOffInput, DecideSignOffsInput, SignOffEventsSubscription, SignOffState } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import type { LiveEvents } from '../../shared/transport/use-live-events';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';

/** Everything the inbox and history show about one request; shared by lists, decisions and events. */
export const SignOffFieldsFragment = graphql(`
  fragment SignOffFields on SignOff {
    id
    op
    opVersion
    operation {
      op
      version
      runner
      inputSchema
      effectTemplate
      fieldOrder
    }
    description
    irreversible
    risk
    riskReasons
    agent {
      id
      name
    }
    proposedBy {
      id
      email
    }
    approvalsRequired
    approvals {
      owner {
        id
        email
      }
      approvedAt
      note
    }
    secretState
    repository {
      id
      name
    }
    input
    inputCanonical
    inputHash
    requestedInput
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
    redeemBy
    redeemedAt
    deliveryAttempts {
      attempt
      at
      status
      latencyMs
      error
    }
    approvedByRule {
      id
      maxApprovals
      approvedCount
    }
  }
`);

/**
 * A page of the owner's requests: pending first (oldest at the top), then the
 * most recently decided. `decided` keeps only pending (false) or only
 * decided (true) ones; `state` narrows to one state.
 */
export const SignOffsDocument = graphql(`
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

/** One request by id: null when there is none, or it is another tenant's. */
export const SignOffDocument = graphql(`
  query SignOff($id: ID!) {
    signOff(id: $id) {
      ...SignOffFields
    }
  }
`);

/** What one decision answers, alone or in a batch: decided, lost to an earlier decision (with the request as it stands), or refused. */
export const DecisionResultFragment = graphql(`
  fragment DecisionResult on DecideSignOffResult {
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
    ... on SecondApproverRequired {
      signOff {
        ...SignOffFields
      }
    }
    ...DomainErrorFields
  }
`);

/** Approve (a built-in runs at once, an AGENT operation's grant waits for redeeming, a WEBHOOK one is delivered) or deny. */
export const DecideSignOffDocument = graphql(`
  mutation DecideSignOff($input: DecideSignOffInput!) {
    decideSignOff(input: $input) {
      ...DecisionResult
    }
  }
`);

/** Decides several requests in one call: one answer per id, in the order asked; only low-risk ones may be approved together. */
export const DecideSignOffsDocument = graphql(`
  mutation DecideSignOffs($input: DecideSignOffsInput!) {
    decideSignOffs(input: $input) {
      ...DecisionResult
    }
  }
`);

/** How many of the owner's requests wait for a decision, however many pages the inbox has loaded. */
export const PendingSignOffCountDocument = graphql(`
  query PendingSignOffCount {
    pendingSignOffCount
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

/** Pending requests per page: the API's most, so filters and search see a whole busy inbox at once. */
const INBOX_PAGE_SIZE = 100;
const HISTORY_PAGE_SIZE = 20;

/**
 * Query options for sign-off lists and the pending count, reused by the
 * pages, the tab title and invalidation after events. Everything lives under
 * `all()`, so one invalidation refreshes the inbox, the history and the count.
 */
export const signOffQueries = {
  all: () => QUERY_ROOTS.signOffs,
  /** The owner's undecided requests (pending, or approved once and waiting for a second owner), oldest waiting first (the API's order). */
  pending: () =>
    infiniteQueryOptions({
      queryKey: [...signOffQueries.all(), 'pending'] as const,
      // Undecided: pending, and waiting for a second owner's approval (PARTIALLY_APPROVED, docs/sign-offs.md S20).
      queryFn: async ({ pageParam }) => (await request(SignOffsDocument, { decided: false, first: INBOX_PAGE_SIZE, after: pageParam })).signOffs,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
    }),
  /** Requests no longer pending, most recently decided first; `state` narrows to one state. */
  history: (state: SignOffState | undefined) =>
    infiniteQueryOptions({
      queryKey: [...signOffQueries.all(), 'history', state ?? 'ALL'] as const,
      queryFn: async ({ pageParam }) => (await request(SignOffsDocument, { state, decided: true, first: HISTORY_PAGE_SIZE, after: pageParam })).signOffs,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
    }),
  /** One request, for its own page; under `all()`, so every sign-off event refreshes it too. */
  one: (id: string) =>
    queryOptions({
      queryKey: [...signOffQueries.all(), 'one', id] as const,
      queryFn: async () => (await request(SignOffDocument, { id })).signOff ?? null,
    }),
  /** The number of requests waiting for the owner, for the tab title. */
  pendingCount: () =>
    queryOptions({
      queryKey: [...signOffQueries.all(), 'pendingCount'] as const,
      queryFn: async () => (await request(PendingSignOffCountDocument)).pendingSignOffCount,
    }),
};

/** The sign-off mutations, run through `useResultMutation`. */
export const signOffMutations = {
  /** Approve or deny; whatever the answer (decided, lost to another decision, gone), every list and the count refetch. */
  decide: () =>
    mutationOptions({
      mutationKey: [...signOffQueries.all(), 'decide'] as const,
      mutationFn: async (input: DecideSignOffInput) => (await request(DecideSignOffDocument, { input })).decideSignOff,
      onSuccess: (_result, _input, _onMutate, { client }) => {
        // Not awaited: the inbox shows the decided request from this answer at once, not after the lists refetched.
        void client.invalidateQueries({ queryKey: signOffQueries.all() });
      },
    }),
  /** Several decisions in one call; the answers come back per id, so nothing fails hidden behind one error. */
  decideMany: () =>
    mutationOptions({
      mutationKey: [...signOffQueries.all(), 'decideMany'] as const,
      mutationFn: async (input: DecideSignOffsInput) => (await request(DecideSignOffsDocument, { input })).decideSignOffs,
      onSuccess: (_result, _input, _onMutate, { client }) => {
        void client.invalidateQueries({ queryKey: signOffQueries.all() });
      },
    }),
};

/**
 * Each change to one of the owner's requests (from any tab, instance or
 * agent) refetches the lists and the pending count. Repositories are
 * refreshed too, because an approved request changes them (unserved,
 * deleted, handed on), and so is the catalogue, whose open counts move with
 * every request asked and decided.
 */
export const signOffLiveEvents: LiveEvents<SignOffEventsSubscription> = {
  document: SignOffEventsDocument,
  invalidates: () => [QUERY_ROOTS.signOffs, QUERY_ROOTS.repositories, QUERY_ROOTS.operations],
  resync: [QUERY_ROOTS.signOffs, QUERY_ROOTS.repositories, QUERY_ROOTS.operations],
};
