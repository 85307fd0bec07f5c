import type { Resolvers, WebhookDeliveryState } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { domainError, graphQLError, limitReached } from '../../platform/lib/errors.js';
import { rotateWebhookSecret } from '../../domains/operations/service.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../../domains/owners/fresh-authentication.js';
import { emailResolvers } from './email/resolvers.js';
import {
  createEndpoint,
  endpointDeliveries,
  findOwnerEndpoint,
  listOwnerEndpoints,
  removeEndpoint,
  rotateEndpoint,
  sendTestDelivery,
  setEndpointEnabled,
} from './endpoints-service.js';
import { MAX_ENDPOINTS_PER_OWNER, type EndpointDeliveryRow } from './endpoints-store.js';
import { pushResolvers } from './push/resolvers.js';

const NO_SUCH_ENDPOINT = () => domainError('NotFound', 'NOT_FOUND', 'No webhook endpoint of yours has that id.');

function deliveryState(row: EndpointDeliveryRow): WebhookDeliveryState {
  if (row.doneAt === null) return 'PENDING';
  return row.succeeded ? 'DELIVERED' : 'FAILED';
}

/** Webhook endpoints for notifications (docs/notifications.md). Reads need READ; every change ADMIN. */
const endpointResolvers: Resolvers = {
  Query: {
    webhookEndpoints: (_root, _args, ctx) => ctx.loaders.once('list:webhookEndpoints', () => listOwnerEndpoints(ctx, requireOwner(ctx, 'read'))),
    webhookEndpoint: (_root, { id }, ctx) => findOwnerEndpoint(ctx, requireOwner(ctx, 'read'), id),
  },
  Mutation: {
    createWebhookEndpoint: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      // An endpoint receives what the tenant's requests say: sending it elsewhere needs a fresh password (OT4).
      if (!(await freshlyAuthenticated(ctx, owner))) return reauthenticationRequired('Creating a webhook endpoint');
      const created = await createEndpoint(ctx, owner, input);
      if (created === 'limit-reached')
        return limitReached(
          'WEBHOOK_ENDPOINTS_PER_OWNER',
          MAX_ENDPOINTS_PER_OWNER,
          `You have ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints already: delete one first.`,
        );
      return { __typename: 'WebhookEndpointCreated', ...created };
    },
    disableWebhookEndpoint: async (_root, { id }, ctx) => {
      const endpoint = await setEndpointEnabled(ctx, requireOwner(ctx, 'admin'), id, false);
      return endpoint ? { __typename: 'WebhookEndpointChanged', endpoint } : NO_SUCH_ENDPOINT();
    },
    enableWebhookEndpoint: async (_root, { id }, ctx) => {
      const endpoint = await setEndpointEnabled(ctx, requireOwner(ctx, 'admin'), id, true);
      return endpoint ? { __typename: 'WebhookEndpointChanged', endpoint } : NO_SUCH_ENDPOINT();
    },
    deleteWebhookEndpoint: async (_root, { id }, ctx) => {
      const deleted = await removeEndpoint(ctx, requireOwner(ctx, 'admin'), id);
      return deleted ? { __typename: 'WebhookEndpointDeleted', id } : NO_SUCH_ENDPOINT();
    },
    // One mutation rotates either kind of signing secret (the issue names it for both): a WEBHOOK
    // operation's, by op, or an endpoint's, by endpointId. It lives here, beside the endpoints,
    // because notifications may use the operations service and not the other way round.
    rotateWebhookSecret: async (_root, { op, endpointId }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      if ((op == null) === (endpointId == null))
        throw graphQLError('BAD_INPUT', 'Give exactly one of op (a WEBHOOK operation) and endpointId (a notification endpoint).');
      if (endpointId != null) {
        const endpoint = await rotateEndpoint(ctx, owner, endpointId);
        return endpoint ? { __typename: 'WebhookEndpointSecretRotated', ...endpoint } : NO_SUCH_ENDPOINT();
      }
      const rotated = await rotateWebhookSecret(ctx, owner, op!);
      if (!rotated) return domainError('NotFound', 'NOT_FOUND', `Your tenant has no WEBHOOK operation "${op}" with a secret to rotate.`);
      return { __typename: 'WebhookSecretRotated', ...rotated };
    },
    sendTestWebhook: async (_root, { id }, ctx) => {
      const delivery = await sendTestDelivery(ctx, requireOwner(ctx, 'admin'), id);
      return delivery ? { __typename: 'TestWebhookSent', delivery } : NO_SUCH_ENDPOINT();
    },
  },
  WebhookEndpoint: {
    format: (row) => (row.format === 'slack' ? 'SLACK' : 'STANDARD'),
    deliveries: (row, { first }, ctx) => endpointDeliveries(ctx, row.tenantId, row.id, first ?? 20),
  },
  WebhookDelivery: {
    state: (row) => deliveryState(row),
    responseSnippet: (row) => row.error ?? row.response,
  },
};

export const notificationResolvers: Resolvers[] = [endpointResolvers, emailResolvers, pushResolvers];
