import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { AcceptOwnerInvitationInput, SetupFirstOwnerInput, SignInInput } from '../../gql/graphql';
import { request, resetSubscriptions } from '../../shared/transport/graphql-client';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';

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
      ...DomainErrorFields
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
      ...DomainErrorFields
    }
  }
`);

/** What an invitation link's holder may see before accepting it: the workspace, and until when; null for a dead link. */
export const OwnerInvitationPreviewDocument = graphql(`
  query OwnerInvitationPreview($token: String!) {
    ownerInvitation(token: $token) {
      tenant {
        id
        name
      }
      expiresAt
    }
  }
`);

export const AcceptOwnerInvitationDocument = graphql(`
  mutation AcceptOwnerInvitation($input: AcceptOwnerInvitationInput!) {
    acceptOwnerInvitation(input: $input) {
      __typename
      ... on OwnerInvitationAccepted {
        owner {
          id
          email
        }
      }
      ...DomainErrorFields
    }
  }
`);

/**
 * Query options for the session. Every page's guard reads it, so a sign-in,
 * sign-out or setup resets it rather than patching it.
 */
export const sessionQueries = {
  all: () => QUERY_ROOTS.session,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: () => request(SessionDocument),
    }),
  /** The invitation a link carries (docs/tenancy.md, T10); never retried, a dead link stays dead. */
  invitation: (token: string) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'invitation', token] as const,
      queryFn: async () => (await request(OwnerInvitationPreviewDocument, { token })).ownerInvitation ?? null,
      retry: false,
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
  acceptOwnerInvitation: () =>
    mutationOptions({
      mutationKey: [...sessionQueries.all(), 'accept-owner-invitation'] as const,
      mutationFn: async (input: AcceptOwnerInvitationInput) => (await request(AcceptOwnerInvitationDocument, { input })).acceptOwnerInvitation,
      onSuccess: async (result, _input, _onMutate, { client }) => {
        if (result.__typename === 'OwnerInvitationAccepted') await beginSession(client);
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
