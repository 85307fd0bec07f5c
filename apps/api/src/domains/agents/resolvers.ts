import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner, type Context } from '../../platform/lib/context.js';
import type { BusEvent } from '../../platform/events/topics.js';
import { domainError } from '../../platform/lib/errors.js';
import { createAgent, listAgents, revokeAgent, rotateAgentKey } from './service.js';

export const agentResolvers: Resolvers = {
  Query: {
    agents: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:agents:${first ?? 20}:${after ?? ''}`, () => listAgents(ctx, requireOwner(ctx, 'read'), first ?? 20, after)),
  },
  Mutation: {
    createAgent: async (_root, { input }, ctx) => {
      const outcome = await createAgent(ctx, requireOwner(ctx, 'admin'), input.name);
      if (outcome.kind === 'name-taken') return domainError('NameTaken', 'NAME_TAKEN', 'You already have a live agent with that name.');
      return { __typename: 'AgentCreated', agent: outcome.agent, key: outcome.key };
    },
    rotateAgentKey: async (_root, { input }, ctx) => {
      const rotated = await rotateAgentKey(ctx, requireOwner(ctx, 'admin'), input.id);
      return rotated ? { __typename: 'AgentKeyRotated', ...rotated } : domainError('NotFound', 'NOT_FOUND', 'No live agent of yours has that id.');
    },
    revokeAgent: async (_root, { input }, ctx) => {
      const agent = await revokeAgent(ctx, requireOwner(ctx, 'admin'), input.id);
      return agent ? { __typename: 'AgentRevoked', agent } : domainError('NotFound', 'NOT_FOUND', 'No agent of yours has that id.');
    },
  },
  Subscription: {
    agentEvents: {
      subscribe: (_root, _args, ctx) => {
        const owner = requireOwner(ctx, 'read');
        return ctx.bus.subscribe('AGENT_CHANGED', (event) => event.tenantId === owner.tenantId && event.payload.ownerId === owner.ownerId);
      },
      resolve: async (event: BusEvent<'AGENT_CHANGED'>, _args: unknown, ctx: Context) => {
        // The loaders are this event's (see edge/http/ws/websocket.ts): a principal's subscriptions share one read.
        const agent = await ctx.loaders.agent.load({ tenantId: event.tenantId, id: event.payload.agentId });
        if (!agent) throw new Error(`agent ${event.payload.agentId} vanished`);
        return { kind: event.payload.kind, agent };
      },
    },
  },
  Agent: {
    revoked: (agent) => agent.revokedAt !== null,
    owner: async (agent, _args, ctx) => {
      const owner = await ctx.loaders.owner.load({ tenantId: agent.tenantId, id: agent.ownerId });
      if (!owner) throw new Error(`owner of agent ${agent.id} is missing`);
      return owner;
    },
  },
};
