import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { DecideSignOffInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { readAllPages } from '@countersign/manifest/pages';
import { signOffQueries } from './sign-off-queries';

/** What the rules list shows of one rule. */
export const SignOffRuleFieldsFragment = graphql(`
  fragment SignOffRuleFields on SignOffRule {
    id
    op
    opVersion
    state
    maxApprovals
    remaining
    approvedCount
    endsAt
    createdAt
    revokedAt
    revokeReason
    agent {
      id
      name
    }
    repository {
      id
      name
    }
    constraints {
      field
      kind
      equals
      oneOf
      atMost
      prefix
    }
  }
`);

/** The owner's rules, newest first. */
export const SignOffRulesDocument = graphql(`
  query SignOffRules($first: Int!, $after: String) {
    signOffRules(first: $first, after: $after) {
      nodes {
        ...SignOffRuleFields
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Approve and make a rule in one decision: the answer is a decision's, with the rule made. */
export const RememberSignOffDocument = graphql(`
  mutation RememberSignOff($input: DecideSignOffInput!) {
    decideSignOff(input: $input) {
      ...DecisionResult
      ... on SignOffDecided {
        rule {
          ...SignOffRuleFields
        }
      }
    }
  }
`);

export const RevokeSignOffRuleDocument = graphql(`
  mutation RevokeSignOffRule($id: ID!, $reason: String!) {
    revokeSignOffRule(id: $id, reason: $reason) {
      __typename
      ... on SignOffRuleRevoked {
        rule {
          ...SignOffRuleFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Rules live under the sign-off lists' key: a decision or a sign-off event refreshes their counts too. */
export const ruleQueries = {
  list: () =>
    queryOptions({
      queryKey: [...signOffQueries.all(), 'rules'] as const,
      queryFn: () => readAllPages(async (first, after) => (await request(SignOffRulesDocument, { first, after })).signOffRules),
    }),
};

export const ruleMutations = {
  /** "Approve and allow similar": one decision that approves and makes the rule together. */
  approveAndRemember: () =>
    mutationOptions({
      mutationKey: [...signOffQueries.all(), 'remember'] as const,
      mutationFn: async (input: DecideSignOffInput) => (await request(RememberSignOffDocument, { input })).decideSignOff,
      onSuccess: (_result, _input, _onMutate, { client }) => {
        void client.invalidateQueries({ queryKey: signOffQueries.all() });
      },
    }),
  revoke: () =>
    mutationOptions({
      mutationKey: [...signOffQueries.all(), 'revokeRule'] as const,
      mutationFn: async (variables: { id: string; reason: string }) => (await request(RevokeSignOffRuleDocument, variables)).revokeSignOffRule,
      onSuccess: (_result, _input, _onMutate, { client }) => {
        void client.invalidateQueries({ queryKey: signOffQueries.all() });
      },
    }),
};
