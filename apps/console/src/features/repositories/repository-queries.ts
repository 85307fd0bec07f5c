import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import { request } from '../../shared/transport/graphql-client';
import { readAllPages } from '@countersign/manifest/pages';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** The fields the repositories page shows; shared by the list and the create mutation. */
export const RepositoryFieldsFragment = graphql(`
  fragment RepositoryFields on Repository {
    id
    name
    code
    state
    createdAt
  }
`);

/** The owner's live repositories, by name. */
export const RepositoriesDocument = graphql(`
  query Repositories($first: Int!, $after: String) {
    repositories(first: $first, after: $after) {
      nodes {
        ...RepositoryFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Creates a repository; a live one of the same name is refused as NameTaken. */
export const CreateRepositoryDocument = graphql(`
  mutation CreateRepository($input: CreateRepositoryInput!) {
    createRepository(input: $input) {
      __typename
      ... on RepositoryCreated {
        repository {
          ...RepositoryFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Query options for the owner's live repositories, reused by the page and by invalidation. */
export const repositoryQueries = {
  all: () => QUERY_ROOTS.repositories,
  list: () =>
    queryOptions({
      queryKey: [...repositoryQueries.all(), 'list'] as const,
      queryFn: () => readAllPages(async (first, after) => (await request(RepositoriesDocument, { first, after })).repositories),
    }),
};

/** The repository mutations, run through `useResultMutation`; any answer refetches the list (a NameTaken means it is stale). */
export const repositoryMutations = {
  create: () =>
    refetchingMutation(
      repositoryQueries.all(),
      'create',
      async (input: { name: string }) => (await request(CreateRepositoryDocument, { input })).createRepository,
    ),
};
