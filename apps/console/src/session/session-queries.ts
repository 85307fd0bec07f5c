import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { graphql } from '../gql';
import type { SetupFirstOwnerInput, SignInInput } from '../gql/graphql';
import { request, resetSubscriptions } from '../transport/graphql-client';

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

/**
 * A new owner is signed in: the socket still carries the old principal (or
 * none) and every cached answer was someone else's, so both start over.
 */
async function beginSession(client: QueryClient): Promise<void> {
  resetSubscriptions();
  await client.resetQueries();
}

/**
 * The session mutations, run through `useResultMutation`. Each changes who
 * is signed in, so each resets the socket and the cache once it succeeded;
 * where to go next is the page's business.
 */
export const sessionMutations = {
  signIn: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'sign-in'] as const,
      mutationFn: async (input: SignInInput) => (await request(SignInDocument, { input })).signIn,
      onSuccess: async (result, _input, _onMutate, { client }) => {
        if (result.__typename === 'SignedIn') await beginSession(client);
      },
    }),
  setupFirstOwner: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'setup-first-owner'] as const,
      mutationFn: async (input: SetupFirstOwnerInput) => (await request(SetupFirstOwnerDocument, { input })).setupFirstOwner,
      onSuccess: async (result, _input, _onMutate, { client }) => {
        if (result.__typename === 'SetupCompleted') await beginSession(client);
      },
    }),
  signOut: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'sign-out'] as const,
      mutationFn: async () => (await request(SignOutDocument)).signOut,
      // Nothing the owner saw may outlive the session, and the socket still carries it.
      onSuccess: (_result, _variables, _onMutate, { client }) => {
        resetSubscriptions();
        client.clear();
      },
    }),
};
