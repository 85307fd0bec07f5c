import type { Resolvers, SignOffState } from '../generated/graphql.js';
import type { BusEvent } from '../events/topics.js';
import { requireAgent, requireOwner, requirePrincipal, type Context } from '../lib/context.js';
import { domainError, graphQLError } from '../lib/errors.js';
import { readerOf, readerSees } from '../lib/reader.js';
import { prepend } from '../events/bus.js';
import { describeOperation, isIrreversible, OPERATIONS } from './operations.js';
import { MAX_PENDING_PER_AGENT } from './policy.js';
import { decideSignOff, listPrincipalSignOffs, readSignOff, requestSignOff, takeSignOffSecret, withdrawSignOff, type ClosingOutcome } from './service.js';
import { countWaiting, type SignOffRow, type StoredState } from './store.js';

function repositoryOf(row: SignOffRow, ctx: Context) {
  const id = row.repositoryId;
  return id ? ctx.loaders.repository.load({ tenantId: row.tenantId, id }) : Promise.resolve(null);
}

const NOT_FOUND = () => domainError('NotFound', 'NOT_FOUND', 'No sign-off request of yours has that id.');

function closed(outcome: Extract<ClosingOutcome, { kind: 'closed' }>) {
  return { ...domainError('SignOffClosed', 'SIGN_OFF_CLOSED', `This request is no longer waiting: it is ${outcome.signOff.state}.`), signOff: outcome.signOff };
}

export const signOffResolvers: Resolvers = {
  Query: {
    operations: () =>
      OPERATIONS.map(({ op, summary, irreversible, risk, inputSchema, secretFields, needsRepository }) => ({
        tenantId: null,
        op,
        version: 1,
        summary: summary.replace(' {repository}', ''),
        description: null,
        irreversible,
        risk,
        runner: 'SERVER' as const,
        retired: false,
        inputSchema,
        secretFields,
        needsRepository,
        webhookUrl: null,
        definedAt: null,
      })),
    signOff: (_root, { id }, ctx) => readSignOff(ctx.db.pool, requirePrincipal(ctx), id),
    signOffs: (_root, { state, decided, first, after }, ctx) =>
      listPrincipalSignOffs(
        ctx.db.pool,
        requirePrincipal(ctx),
        { state: state ? (state.toLowerCase() as StoredState) : undefined, decided: decided ?? undefined },
        first ?? 20,
        after,
      ),
    pendingSignOffCount: (_root, _args, ctx) => {
      const principal = requirePrincipal(ctx);
      return countWaiting(ctx.db.pool, principal.tenantId, readerOf(principal));
    },
  },
  Mutation: {
    requestSignOff: async (_root, { input }, ctx) => {
      const outcome = await requestSignOff(ctx, requireAgent(ctx), input);
      switch (outcome.kind) {
        case 'repository-not-found':
          return domainError('NotFound', 'NOT_FOUND', `Your owner has no live repository named "${input.repository ?? ''}".`);
        case 'too-many-pending':
          return domainError(
            'TooManyPending',
            'TOO_MANY_PENDING',
            `You already have ${MAX_PENDING_PER_AGENT} requests waiting; wait for a decision or withdraw one.`,
          );
        case 'requested':
          return { __typename: 'SignOffRequested', signOff: outcome.signOff, existing: outcome.existing };
      }
    },
    withdrawSignOff: async (_root, { id }, ctx) => {
      const outcome = await withdrawSignOff(ctx, requireAgent(ctx), id);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      return outcome.kind === 'closed' ? closed(outcome) : { __typename: 'SignOffWithdrawn', signOff: outcome.signOff };
    },
    decideSignOff: async (_root, { input }, ctx) => {
      const outcome = await decideSignOff(ctx, requireOwner(ctx), input.id, input.approve, input.note);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      return outcome.kind === 'closed' ? closed(outcome) : { __typename: 'SignOffDecided', signOff: outcome.signOff };
    },
    takeSignOffSecret: async (_root, { id }, ctx) => {
      const outcome = await takeSignOffSecret(ctx, requireAgent(ctx), id);
      if (outcome.kind === 'not-found') return NOT_FOUND();
      if (outcome.kind === 'unavailable') {
        return domainError(
          'SecretUnavailable',
          'SECRET_UNAVAILABLE',
          'There is no secret to take: none was produced, it was taken already, or it lapsed 24 hours after the decision.',
        );
      }
      return { __typename: 'SignOffSecret', secret: outcome.secret };
    },
  },
  Subscription: {
    signOffEvents: {
      subscribe: async (_root, { id }, ctx) => {
        const principal = requirePrincipal(ctx);
        const reader = readerOf(principal);
        const events = ctx.bus.subscribe(
          'SIGN_OFF_CHANGED',
          (event) => event.tenantId === principal.tenantId && readerSees(reader, event.payload) && (!id || event.payload.signOffId === id),
        );
        if (!id) return events;
        // Listening already: read the request now and send it first, so a
        // change that landed before the listener did is not lost.
        const current = await readSignOff(ctx.db.pool, principal, id);
        if (!current) {
          await events.return?.();
          throw graphQLError('NOT_FOUND', 'No sign-off request of yours has that id.');
        }
        return prepend(
          { topic: 'SIGN_OFF_CHANGED', tenantId: current.tenantId, payload: { signOffId: id, ownerId: current.ownerId, agentId: current.agentId } },
          events,
        );
      },
      resolve: async (event: BusEvent<'SIGN_OFF_CHANGED'>, _args: unknown, ctx: Context) => {
        // The loaders are this event's (see http/websocket.ts): a principal's subscriptions share one read.
        const signOff = await ctx.loaders.once(`signOff:${event.payload.signOffId}`, () =>
          readSignOff(ctx.db.pool, requirePrincipal(ctx), event.payload.signOffId),
        );
        if (!signOff) throw new Error(`sign-off ${event.payload.signOffId} vanished`);
        return { signOff };
      },
    },
  },
  SignOff: {
    state: (row) => row.state.toUpperCase() as SignOffState,
    secretState: (row) => row.secretState.toUpperCase() as 'NONE' | 'WAITING' | 'TAKEN' | 'LAPSED',
    input: (row) => JSON.parse(row.input) as unknown,
    inputCanonical: (row) => row.input,
    irreversible: (row) => isIrreversible(row.op),
    description: async (row, _args, ctx) => describeOperation(row.op, (await repositoryOf(row, ctx))?.name ?? null),
    repository: async (row, _args, ctx) => {
      if (!row.repositoryId) return null;
      const repository = await repositoryOf(row, ctx);
      if (!repository) throw new Error(`repository of sign-off ${row.id} is missing`);
      return repository;
    },
    agent: async (row, _args, ctx) => {
      const agent = await ctx.loaders.agent.load({ tenantId: row.tenantId, id: row.agentId });
      if (!agent) throw new Error(`agent of sign-off ${row.id} is missing`);
      return agent;
    },
  },
};
