import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { SetMoneyRiskThresholdInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { REAUTHENTICATES } from '../../shared/transport/ask-password';

export const MoneyRiskThresholdsDocument = graphql(`
  query MoneyRiskThresholds {
    moneyRiskThresholds {
      currency
      minorUnits
    }
  }
`);

export const SetMoneyRiskThresholdDocument = graphql(`
  mutation SetMoneyRiskThreshold($input: SetMoneyRiskThresholdInput!) {
    setMoneyRiskThreshold(input: $input) {
      __typename
      ... on MoneyRiskThresholdSet {
        thresholds {
          currency
          minorUnits
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** The owner's money thresholds (docs/sign-offs.md, S15): a request moving more in that currency is HIGH risk. */
export const moneyThresholdQueries = {
  list: () =>
    queryOptions({
      queryKey: ['money-risk-thresholds'] as const,
      queryFn: async () => (await request(MoneyRiskThresholdsDocument)).moneyRiskThresholds,
    }),
};

/** Setting or removing a threshold answers with all of them, which replace the list on screen. */
export const moneyThresholdMutations = {
  set: () =>
    mutationOptions({
      mutationKey: ['money-risk-thresholds', 'set'] as const,
      meta: REAUTHENTICATES,
      mutationFn: async (input: SetMoneyRiskThresholdInput) => (await request(SetMoneyRiskThresholdDocument, { input })).setMoneyRiskThreshold,
      onSuccess: (result, _input, _onMutate, { client }) => {
        if (result.__typename === 'MoneyRiskThresholdSet') client.setQueryData(moneyThresholdQueries.list().queryKey, result.thresholds);
      },
    }),
};
