import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../gql';
import { request } from '../transport/graphql-client';

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
  query Agents {
    agents {
      ...AgentFields
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
      ... on DomainError {
        code
        message
      }
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
      ... on DomainError {
        code
        message
      }
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
      ... on DomainError {
        code
        message
      }
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
  all: () => ['agents'] as const,
  list: () =>
    queryOptions({
      queryKey: [...agentQueries.all(), 'list'] as const,
      queryFn: async () => (await request(AgentsDocument)).agents,
    }),
};
