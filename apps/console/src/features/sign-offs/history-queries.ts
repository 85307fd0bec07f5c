import { infiniteQueryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import { request } from '../../shared/transport/graphql-client';
import { historyVariables, type HistoryFilters } from './history-search';
import { signOffQueries } from './sign-off-queries';

/**
 * A page of History: requests no longer waiting, most recently decided first,
 * filtered on the server (state, agent, the span they were asked in), with
 * what became of a secret result: History answers "did the agent take it?".
 */
export const HistorySignOffsDocument = graphql(`
  query HistorySignOffs($state: SignOffState, $agent: ID, $requestedFrom: DateTime, $requestedTo: DateTime, $byRule: Boolean, $first: Int, $after: String) {
    signOffs(
      state: $state
      decided: true
      agent: $agent
      requestedFrom: $requestedFrom
      requestedTo: $requestedTo
      byRule: $byRule
      first: $first
      after: $after
    ) {
      nodes {
        ...SignOffFields
        secretState
        secretExpiresAt
        deniedBy {
          id
          email
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const HISTORY_PAGE_SIZE = 20;

/** History's queries; under `signOffQueries.all()`, so every sign-off event and decision refreshes them with the inbox. */
export const historyQueries = {
  list: (filters: HistoryFilters) =>
    infiniteQueryOptions({
      queryKey: [
        ...signOffQueries.all(),
        'history',
        'filtered',
        filters.state ?? '',
        filters.agent ?? '',
        filters.from ?? '',
        filters.to ?? '',
        filters.decidedBy ?? '',
      ] as const,
      queryFn: async ({ pageParam }) =>
        (await request(HistorySignOffsDocument, { ...historyVariables(filters), first: HISTORY_PAGE_SIZE, after: pageParam })).signOffs,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined),
    }),
};
