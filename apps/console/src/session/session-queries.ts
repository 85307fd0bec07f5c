import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../gql';
import { request } from '../transport/graphql-client';

/** Who is signed in, and whether the server still waits for its first owner. */
export const SessionDocument = graphql(`
  query Session {
    viewer {
      __typename
      ... on Owner {
        id
        email
        tenant {
          id
          name
        }
      }
      ... on Agent {
        id
        name
      }
    }
    setupStatus {
      needed
    }
  }
`);

export const SignInDocument = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on SignedIn {
        owner {
          id
          email
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`);

export const SignOutDocument = graphql(`
  mutation SignOut {
    signOut {
      __typename
    }
  }
`);

export const SetupFirstOwnerDocument = graphql(`
  mutation SetupFirstOwner($input: SetupFirstOwnerInput!) {
    setupFirstOwner(input: $input) {
      __typename
      ... on SetupCompleted {
        owner {
          id
          email
        }
      }
      ... on DomainError {
        code
        message
      }
    }
  }
`);

/**
 * Query options for the session. Every page's guard reads it, so a sign-in,
 * sign-out or setup resets it rather than patching it.
 */
export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: () => request(SessionDocument),
    }),
};
