import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { AgentEventsSubscription } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { readAllPages } from '@countersign/manifest/pages';
import type { LiveEvents } from '../../shared/transport/use-live-events';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** The fields every agent view shows; shared by the list, mutations and events. */
export const AgentFieldsFragment = graphql(`
  fragment AgentFields on Agent {
    id
    name
    keyPrefix
    createdAt
    revokedAt
    revoked
  }
`);

export const AgentsDocument = graphql(`
  query Agents($first: Int!, $after: String) {
    agents(first: $first, after: $after) {
      nodes {
        ...AgentFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const CreateAgentDocument = graphql(`
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      __typename
      ... on AgentCreated {
        key
        agent {
          ...AgentFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const RevokeAgentDocument = graphql(`
  mutation RevokeAgent($input: RevokeAgentInput!) {
    revokeAgent(input: $input) {
      __typename
      ... on AgentRevoked {
        agent {
          ...AgentFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const RotateAgentKeyDocument = graphql(`
  mutation RotateAgentKey($input: RotateAgentKeyInput!) {
    rotateAgentKey(input: $input) {
      __typename
      ... on AgentKeyRotated {
        key
        agent {
          ...AgentFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const AgentEventsDocument = graphql(`
  subscription AgentEvents {
    agentEvents {
      kind
      agent {
        ...AgentFields
      }
    }
  }
`);

/** Query options for the owner's agents, reused by the page and by invalidation after events. */
export const agentQueries = {
  all: () => QUERY_ROOTS.agents,
  list: () =>
    queryOptions({
      queryKey: [...agentQueries.all(), 'list'] as const,
      queryFn: () => readAllPages(async (first, after) => (await request(AgentsDocument, { first, after })).agents),
    }),
};

/**
 * The agent mutations, run through `useResultMutation`; each refetches the
 * list once the API answered (a taken name, an agent revoked elsewhere).
 */
export const agentMutations = {
  create: () =>
    refetchingMutation(agentQueries.all(), 'create', async (input: { name: string }) => (await request(CreateAgentDocument, { input })).createAgent),
  revoke: () => refetchingMutation(agentQueries.all(), 'revoke', async (id: string) => (await request(RevokeAgentDocument, { input: { id } })).revokeAgent),
  rotateKey: () =>
    refetchingMutation(agentQueries.all(), 'rotate-key', async (id: string) => (await request(RotateAgentKeyDocument, { input: { id } })).rotateAgentKey),
};

/** Every agent created or revoked (from any tab or instance) refetches the agents list. */
export const agentLiveEvents: LiveEvents<AgentEventsSubscription> = {
  document: AgentEventsDocument,
  invalidates: () => [agentQueries.all()],
  resync: [agentQueries.all()],
};
