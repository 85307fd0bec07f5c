import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { DefineOperationInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { REAUTHENTICATES } from '../../shared/transport/ask-password';
import { QUERY_ROOTS } from '../../shared/transport/query-roots';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** Everything the Operations page shows about one operation at one version, and what "New version" starts from. */
export const OperationFieldsFragment = graphql(`
  fragment OperationFields on Operation {
    op
    version
    summary
    description
    irreversible
    risk
    runner
    retired
    inputSchema
    secretFields
    needsRepository
    webhookUrl
    effectTemplate
    fieldOrder
    definedAt
    openCount
  }
`);

/** The built-ins and the tenant's defined operations at their latest version, retired ones included. */
export const OperationsDocument = graphql(`
  query Operations {
    operations(includeRetired: true) {
      ...OperationFields
    }
  }
`);

/**
 * Defines an operation or a new version of one. A definition the API refuses
 * (a schema that does not compile, a reserved name, a bad webhook URL) is a
 * BAD_INPUT GraphQL error, shown as the API words it.
 */
export const DefineOperationDocument = graphql(`
  mutation DefineOperation($input: DefineOperationInput!) {
    defineOperation(input: $input) {
      __typename
      ... on OperationDefined {
        created
        webhookSecret
        operation {
          ...OperationFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Stops new requests for an operation; open ones still decide and run. */
export const RetireOperationDocument = graphql(`
  mutation RetireOperation($op: String!) {
    retireOperation(op: $op) {
      __typename
      ... on OperationRetirement {
        operation {
          ...OperationFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/** Replaces a WEBHOOK operation's signing secret; the new one comes back this once. */
export const RotateWebhookSecretDocument = graphql(`
  mutation RotateWebhookSecret($op: String!) {
    rotateWebhookSecret(op: $op) {
      __typename
      ... on WebhookSecretRotated {
        webhookSecret
        operation {
          ...OperationFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

/**
 * Query options for the catalogue. Open counts move with every sign-off, so
 * the list refetches on mount and on sign-off events (`signOffLiveEvents`
 * invalidates `all()`).
 */
export const operationQueries = {
  all: () => QUERY_ROOTS.operations,
  list: () =>
    queryOptions({
      queryKey: [...operationQueries.all(), 'list'] as const,
      queryFn: async () => (await request(OperationsDocument)).operations,
      refetchOnMount: 'always',
    }),
};

/** The catalogue's mutations, run through `useResultMutation`; any answer refetches the list. */
export const operationMutations = {
  define: () =>
    refetchingMutation(
      operationQueries.all(),
      'define',
      async (input: DefineOperationInput) => (await request(DefineOperationDocument, { input })).defineOperation,
      REAUTHENTICATES,
    ),
  retire: () => refetchingMutation(operationQueries.all(), 'retire', async (op: string) => (await request(RetireOperationDocument, { op })).retireOperation),
  rotateSecret: () =>
    refetchingMutation(operationQueries.all(), 'rotateSecret', async (op: string) => (await request(RotateWebhookSecretDocument, { op })).rotateWebhookSecret),
};
