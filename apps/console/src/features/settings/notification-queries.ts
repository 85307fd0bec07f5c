import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { CreateWebhookEndpointInput, RegisterPushDeviceInput, SetEmailPreferenceInput } from '../../gql/graphql';
import { request } from '../../shared/transport/graphql-client';
import { REAUTHENTICATES } from '../../shared/transport/ask-password';
import { refetchingMutation } from '../../shared/transport/refetching-mutation';

/** What every endpoint view shows; the deliveries are asked for separately, per endpoint. */
export const WebhookEndpointFieldsFragment = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    format
    events
    description
    createdAt
    disabledAt
    disabledReason
    failingSince
  }
`);

export const WebhookDeliveryFieldsFragment = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    event
    createdAt
    state
    attempts
    lastAttemptAt
    status
    latencyMs
    responseSnippet
  }
`);

export const WebhookEndpointsDocument = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookDeliveriesDocument = graphql(`
  query WebhookDeliveries($id: ID!, $first: Int) {
    webhookEndpoint(id: $id) {
      id
      deliveries(first: $first) {
        ...WebhookDeliveryFields
      }
    }
  }
`);

export const CreateWebhookEndpointDocument = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      __typename
      ... on WebhookEndpointCreated {
        secret
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const RotateEndpointSecretDocument = graphql(`
  mutation RotateEndpointSecret($endpointId: ID!) {
    rotateWebhookSecret(endpointId: $endpointId) {
      __typename
      ... on WebhookEndpointSecretRotated {
        secret
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const DisableWebhookEndpointDocument = graphql(`
  mutation DisableWebhookEndpoint($id: ID!) {
    disableWebhookEndpoint(id: $id) {
      __typename
      ... on WebhookEndpointChanged {
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const EnableWebhookEndpointDocument = graphql(`
  mutation EnableWebhookEndpoint($id: ID!) {
    enableWebhookEndpoint(id: $id) {
      __typename
      ... on WebhookEndpointChanged {
        endpoint {
          ...WebhookEndpointFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const DeleteWebhookEndpointDocument = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      __typename
      ... on WebhookEndpointDeleted {
        id
      }
      ...DomainErrorFields
    }
  }
`);

export const SendTestWebhookDocument = graphql(`
  mutation SendTestWebhook($id: ID!) {
    sendTestWebhook(id: $id) {
      __typename
      ... on TestWebhookSent {
        delivery {
          ...WebhookDeliveryFields
        }
      }
      ...DomainErrorFields
    }
  }
`);

export const NotificationSettingsFieldsFragment = graphql(`
  fragment NotificationSettingsFields on NotificationSettings {
    emailAvailable
    emailAddress
    email {
      event
      mode
      digestMinutes
    }
  }
`);

export const NotificationSettingsDocument = graphql(`
  query NotificationSettings {
    notificationSettings {
      ...NotificationSettingsFields
    }
  }
`);

/** Asked apart from the email settings: the server makes its key pair at first use, and a failure there must not hide the email settings. */
export const PushPublicKeyDocument = graphql(`
  query PushPublicKey {
    notificationSettings {
      pushPublicKey
    }
  }
`);

export const SetEmailPreferenceDocument = graphql(`
  mutation SetEmailPreference($input: SetEmailPreferenceInput!) {
    setEmailPreference(input: $input) {
      ...NotificationSettingsFields
    }
  }
`);

export const PushDevicesDocument = graphql(`
  query PushDevices {
    pushDevices {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

export const RegisterPushDeviceDocument = graphql(`
  mutation RegisterPushDevice($input: RegisterPushDeviceInput!) {
    registerPushDevice(input: $input) {
      __typename
      ... on PushDeviceRegistered {
        device {
          id
          name
        }
      }
      ...DomainErrorFields
    }
  }
`);

// Alike in shape to DeleteWebhookEndpoint, as removals are: codegen reads each operation as static text, so two cannot share one document.
export const RemovePushDeviceDocument = graphql(`
  mutation RemovePushDevice($id: ID!) {
    removePushDevice(id: $id) {
      __typename
      ... on PushDeviceRemoved {
        id
      }
      ...DomainErrorFields
    }
  }
`);

/** The deliveries shown per endpoint: enough to see a test land and the recent trend. */
const DELIVERIES_SHOWN = 10;

/** Query options for the owner's notification channels, reused by the sections, the layout's banner and invalidation. */
export const notificationQueries = {
  endpointsAll: () => ['webhook-endpoints'] as const,
  endpoints: () =>
    queryOptions({
      queryKey: [...notificationQueries.endpointsAll(), 'list'] as const,
      queryFn: async () => (await request(WebhookEndpointsDocument)).webhookEndpoints,
    }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...notificationQueries.endpointsAll(), 'deliveries', id] as const,
      queryFn: async () => (await request(WebhookDeliveriesDocument, { id, first: DELIVERIES_SHOWN })).webhookEndpoint?.deliveries ?? [],
    }),
  settings: () =>
    queryOptions({
      queryKey: ['notification-settings'] as const,
      queryFn: async () => (await request(NotificationSettingsDocument)).notificationSettings,
    }),
  pushPublicKey: () =>
    queryOptions({
      queryKey: ['notification-settings', 'push-public-key'] as const,
      queryFn: async () => (await request(PushPublicKeyDocument)).notificationSettings.pushPublicKey,
      // The server's key changes only when its operator replaces it.
      staleTime: Infinity,
    }),
  pushDevicesAll: () => ['push-devices'] as const,
  pushDevices: () =>
    queryOptions({
      queryKey: notificationQueries.pushDevicesAll(),
      queryFn: async () => (await request(PushDevicesDocument)).pushDevices,
    }),
};

/** The lists the mutations below refetch, each under its own root. */
const ENDPOINTS = notificationQueries.endpointsAll();
const PUSH_DEVICES = notificationQueries.pushDevicesAll();

/**
 * The notification mutations, run through `useResultMutation`. Each refetches
 * what it changed once the API answered, whatever it answered: a refusal
 * (NotFound) means the list on screen is stale too.
 */
export const notificationMutations = {
  createEndpoint: () =>
    refetchingMutation(
      ENDPOINTS,
      'create',
      async (input: CreateWebhookEndpointInput) => (await request(CreateWebhookEndpointDocument, { input })).createWebhookEndpoint,
      REAUTHENTICATES,
    ),
  rotateSecret: () =>
    refetchingMutation(ENDPOINTS, 'rotate', async (endpointId: string) => (await request(RotateEndpointSecretDocument, { endpointId })).rotateWebhookSecret),
  disableEndpoint: () =>
    refetchingMutation(ENDPOINTS, 'disable', async (id: string) => (await request(DisableWebhookEndpointDocument, { id })).disableWebhookEndpoint),
  enableEndpoint: () =>
    refetchingMutation(ENDPOINTS, 'enable', async (id: string) => (await request(EnableWebhookEndpointDocument, { id })).enableWebhookEndpoint),
  deleteEndpoint: () =>
    refetchingMutation(ENDPOINTS, 'delete', async (id: string) => (await request(DeleteWebhookEndpointDocument, { id })).deleteWebhookEndpoint),
  sendTest: () =>
    mutationOptions({
      mutationKey: [...ENDPOINTS, 'test'] as const,
      mutationFn: async (id: string) => (await request(SendTestWebhookDocument, { id })).sendTestWebhook,
      onSuccess: (_result, id, _onMutate, { client }) => client.invalidateQueries({ queryKey: notificationQueries.deliveries(id).queryKey }),
    }),
  setEmailPreference: () =>
    mutationOptions({
      mutationKey: ['notification-settings', 'email'] as const,
      mutationFn: async (input: SetEmailPreferenceInput) => (await request(SetEmailPreferenceDocument, { input })).setEmailPreference,
      onSuccess: (settings, _input, _onMutate, { client }) => client.setQueryData(notificationQueries.settings().queryKey, settings),
    }),
  registerPushDevice: () =>
    refetchingMutation(
      PUSH_DEVICES,
      'register',
      async (input: RegisterPushDeviceInput) => (await request(RegisterPushDeviceDocument, { input })).registerPushDevice,
    ),
  removePushDevice: () => refetchingMutation(PUSH_DEVICES, 'remove', async (id: string) => (await request(RemovePushDeviceDocument, { id })).removePushDevice),
};
