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

/** A mutation that signs an owner in: its `signedIn` answer begins a new session. */
function signingInMutation<TResult extends { __typename: string }, TInput>(
  name: string,
  signedIn: TResult['__typename'],
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  return mutationOptions({
    mutationKey: [...sessionQueries.all(), name],
    mutationFn,
    onSuccess: async (result: TResult, _input: TInput, _onMutate: unknown, { client }) => {
      if (result.__typename === signedIn) await beginSession(client);
    },
  });
}

/**
 * The session mutations, run through `useResultMutation`. Each changes who
 * is signed in, so each resets the socket and the cache once it succeeded;
 * where to go next is the page's business.
 */
export const sessionMutations = {
  signIn: () => signingInMutation('sign-in', 'SignedIn', async (input: SignInInput) => (await request(SignInDocument, { input })).signIn),
  setupFirstOwner: () =>
    signingInMutation(
      'setup-first-owner',
      'SetupCompleted',
      async (input: SetupFirstOwnerInput) => (await request(SetupFirstOwnerDocument, { input })).setupFirstOwner,
    ),
  acceptOwnerInvitation: () =>
    signingInMutation(
      'accept-owner-invitation',
      'OwnerInvitationAccepted',
      async (input: AcceptOwnerInvitationInput) => (await request(AcceptOwnerInvitationDocument, { input })).acceptOwnerInvitation,
    ),
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
