import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { InviteOwnerInput, SetApprovalsRequiredInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { REAUTHENTICATES } from '../../shared/transport/ask-password';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';

export const TenantOwnersDocument = graphql(`
  query TenantOwners {
    tenantOwners {
      id
      email
      createdAt
    }
  }
`);

export const OwnerInvitationsDocument = graphql(`
  query OwnerInvitations {
    ownerInvitations {
      id
      note
      state
      createdAt
      expiresAt
      invitedBy {
        id
        email
      }
      acceptedBy {
        id
        email
      }
    }
  }
`);

export const InviteOwnerDocument = graphql(`
  mutation InviteOwner($input: InviteOwnerInput!) {
    inviteOwner(input: $input) {
      __typename
      ... on OwnerInvited {
        token
        invitation {
          id
          expiresAt
        }
      }
      ... on OwnerInvitationProposed {
        signOff {
          id
          state
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const RevokeOwnerInvitationDocument = graphql(`
  mutation RevokeOwnerInvitation($id: ID!) {
    revokeOwnerInvitation(input: { id: $id }) {
      __typename
      ... on OwnerInvitationRevoked {
        invitation {
          id
          state
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const TakeOwnerInvitationLinkDocument = graphql(`
  mutation TakeOwnerInvitationLink($signOffId: ID!) {
    takeOwnerInvitationLink(signOffId: $signOffId) {
      __typename
      ... on OwnerInvitationLink {
        token
        invitation {
          id
          expiresAt
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const ApprovalPoliciesDocument = graphql(`
  query ApprovalPolicies {
    approvalPolicies {
      op
      approvalsRequired
      isDefault
      setBy {
        id
        email
      }
    }
  }
`);

export const SetApprovalsRequiredDocument = graphql(`
  mutation SetApprovalsRequired($input: SetApprovalsRequiredInput!) {
    setApprovalsRequired(input: $input) {
      __typename
      ... on ApprovalPolicySet {
        policy {
          op
          approvalsRequired
        }
      }
      ... on ApprovalPolicyChangeProposed {
        existing
        signOff {
          id
          state
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** The link an invitation's token opens: the token in the fragment, so it never reaches a server log or a Referer (as the setup link). */
export function invitationLink(token: string): string {
  return `${location.origin}/invite#token=${encodeURIComponent(token)}`;
}

/** The tenant's owners, its invitations, and how many approvals each operation needs (docs/tenancy.md T10; docs/sign-offs.md S20, S21). */
export const ownerQueries = {
  all: () => QUERY_ROOTS.owners,
  owners: () => queryOptions({ queryKey: [...ownerQueries.all(), 'list'] as const, queryFn: async () => (await request(TenantOwnersDocument)).tenantOwners }),
  invitations: () =>
    queryOptions({
      queryKey: [...ownerQueries.all(), 'invitations'] as const,
      queryFn: async () => (await request(OwnerInvitationsDocument)).ownerInvitations,
    }),
  policies: () =>
    queryOptions({
      queryKey: [...ownerQueries.all(), 'policies'] as const,
      queryFn: async () => (await request(ApprovalPoliciesDocument)).approvalPolicies,
    }),
};

/** Refetches in the background: the answer is shown at once, the lists follow. */
function refreshOwnersAndRequests(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ownerQueries.all() });
  void client.invalidateQueries({ queryKey: QUERY_ROOTS.signOffs });
}

/** Inviting may file an owner-to-owner request, and taking a link changes one: both refresh the requests too. */
export const ownerMutations = {
  invite: () =>
    mutationOptions({
      mutationKey: [...ownerQueries.all(), 'invite'] as const,
      meta: REAUTHENTICATES,
      mutationFn: async (input: InviteOwnerInput) => (await request(InviteOwnerDocument, { input })).inviteOwner,
      onSuccess: (_result, _input, _onMutate, { client }) => refreshOwnersAndRequests(client),
    }),
  revoke: () =>
    mutationOptions({
      mutationKey: [...ownerQueries.all(), 'revoke'] as const,
      mutationFn: async (id: string) => (await request(RevokeOwnerInvitationDocument, { id })).revokeOwnerInvitation,
      onSuccess: (_result, _id, _onMutate, { client }) => void client.invalidateQueries({ queryKey: ownerQueries.all() }),
    }),
  takeLink: () =>
    mutationOptions({
      mutationKey: [...ownerQueries.all(), 'take-link'] as const,
      mutationFn: async (signOffId: string) => (await request(TakeOwnerInvitationLinkDocument, { signOffId })).takeOwnerInvitationLink,
      onSuccess: (_result, _id, _onMutate, { client }) => refreshOwnersAndRequests(client),
    }),
  setApprovals: () =>
    mutationOptions({
      mutationKey: [...ownerQueries.all(), 'set-approvals'] as const,
      meta: REAUTHENTICATES,
      mutationFn: async (input: SetApprovalsRequiredInput) => (await request(SetApprovalsRequiredDocument, { input })).setApprovalsRequired,
      onSuccess: (_result, _input, _onMutate, { client }) => refreshOwnersAndRequests(client),
    }),
};
