import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { OwnerTokenScope } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { REAUTHENTICATES } from '../../shared/transport/ask-password';
import { readAllPages } from '@countersign/manifest/pages';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** The fields every owner-token view shows; shared by the list and the mutations. */
export const OwnerTokenFieldsFragment = graphql(`
  fragment OwnerTokenFields on OwnerToken {
    id
    name
    scope
    createdAt
    lastUsedAt
    revokedAt
  }
`);

export const OwnerTokensDocument = graphql(`
  query OwnerTokens($first: Int!, $after: String) {
    ownerTokens(first: $first, after: $after) {
      nodes {
        ...OwnerTokenFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const CreateOwnerTokenDocument = graphql(`
  mutation CreateOwnerToken($input: CreateOwnerTokenInput!) {
    createOwnerToken(input: $input) {
      __typename
      ... on OwnerTokenCreated {
        token
        ownerToken {
          ...OwnerTokenFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const RevokeOwnerTokenDocument = graphql(`
  mutation RevokeOwnerToken($id: ID!) {
    revokeOwnerToken(id: $id) {
      __typename
      ... on OwnerTokenRevoked {
        ownerToken {
          ...OwnerTokenFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Query options for the owner's API tokens, reused by the section and by invalidation. */
export const ownerTokenQueries = {
  all: () => QUERY_ROOTS.ownerTokens,
  list: () =>
    queryOptions({
      queryKey: [...ownerTokenQueries.all(), 'list'] as const,
      queryFn: () => readAllPages(async (first, after) => (await request(OwnerTokensDocument, { first, after })).ownerTokens),
    }),
};

/**
 * The owner-token mutations, run through `useResultMutation`. Each refetches
 * the list once the API answered, whatever it answered: a token revoked in
 * another tab means the list on screen is stale too.
 */
export const ownerTokenMutations = {
  create: () =>
    refetchingMutation(
      ownerTokenQueries.all(),
      'create',
      async (input: { name: string; scope: OwnerTokenScope }) => (await request(CreateOwnerTokenDocument, { input })).createOwnerToken,
      REAUTHENTICATES,
    ),
  revoke: () => refetchingMutation(ownerTokenQueries.all(), 'revoke', async (id: string) => (await request(RevokeOwnerTokenDocument, { id })).revokeOwnerToken),
};
