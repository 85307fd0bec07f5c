import type { Resolvers } from '../generated/graphql.js';
import type { BusEvent } from '../events/topics.js';
import { remember, requireAgent, requireOwner, requirePrincipal, type Context } from '../graphql/context.js';
import { domainError } from '../graphql/errors.js';
import { findAgent } from '../agents/store.js';
import { findOwner } from '../owners/store.js';
import { authorityReader, drawAuthority, issueAuthority, readAuthorities, readAuthority, receiptPage, revokeAuthority } from './service.js';
import type { AuthorityView } from './store.js';

const NOT_FOUND = () => domainError('NotFound', 'NOT_FOUND', 'No authority of yours has that id.');

const remainingOf = (view: AuthorityView) => ({ tokens: view.remainingTokens, minorUnits: view.remainingMinorUnits, draws: view.remainingDraws });

export const authorityResolvers: Resolvers = {
  Query: {
    authority: (_root, { id }, ctx) => readAuthority(ctx.db.pool, requirePrincipal(ctx), id),
    authorities: (_root, _args, ctx) => readAuthorities(ctx.db, requirePrincipal(ctx)),
  },
  Mutation: {
    issueAuthority: async (_root, { input }, ctx) => {
      const outcome = await issueAuthority(ctx.db, requireOwner(ctx), input);
      if (outcome.kind === 'agent-not-found') return domainError('NotFound', 'NOT_FOUND', 'No live agent of yours has that id.');
      if (outcome.kind === 'terms-conflict') return domainError('TermsConflict', 'TERMS_CONFLICT', 'An authority with this id was issued with other terms; terms never change: issue a new authority.');
      return { __typename: 'AuthorityIssued', authority: outcome.authority, existing: outcome.existing };
    },
    drawAuthority: async (_root, { input }, ctx) => {
      const outcome = await drawAuthority(ctx.scope, requireAgent(ctx), input);
      switch (outcome.kind) {
        case 'drawn': return { __typename: 'Drawn', receipt: outcome.receipt, replayed: outcome.replayed };
        case 'dispatch-key-reused':
          return { ...domainError('DispatchKeyReused', 'DISPATCH_KEY_REUSED', 'This dispatch key already drew a different amount; nothing was drawn.'), receipt: outcome.receipt };
        case 'not-found': return NOT_FOUND();
        case 'revoked': return { ...domainError('Revoked', 'REVOKED', `The authority was revoked: ${outcome.reason}`), reason: outcome.reason };
        case 'not-yet-valid': return domainError('NotYetValid', 'NOT_YET_VALID', 'The authority is not in force yet.');
        case 'expired': return domainError('Expired', 'EXPIRED', 'The authority has expired.');
        case 'per-draw-cap': return domainError('PerDrawCapExceeded', 'PER_DRAW_CAP_EXCEEDED', outcome.message);
        case 'exhausted': return { ...domainError('Exhausted', 'EXHAUSTED', 'Not enough is left under the authority for this draw.'), remaining: remainingOf(outcome.authority) };
      }
    },
    revokeAuthority: async (_root, { input }, ctx) => {
      const authority = await revokeAuthority(ctx.db, requireOwner(ctx), input.authority, input.reason);
      return authority ? { __typename: 'AuthorityRevoked', authority } : NOT_FOUND();
    },
  },
  Subscription: {
    authorityEvents: {
      subscribe: (_root, _args, ctx) => {
        const principal = requirePrincipal(ctx);
        const reader = authorityReader(principal);
        return ctx.bus.subscribe('AUTHORITY_CHANGED', (event) => event.tenantId === principal.tenantId
          && ('ownerId' in reader ? event.payload.ownerId === reader.ownerId : event.payload.agentId === reader.agentId));
      },
      resolve: async (event: BusEvent<'AUTHORITY_CHANGED'>, _args: unknown, ctx: Context) => {
        const authority = await readAuthority(ctx.db.pool, requirePrincipal(ctx), event.payload.authorityId);
        if (!authority) throw new Error(`authority ${event.payload.authorityId} vanished`);
        return { authority };
      },
    },
  },
  Authority: {
    state: (view) => view.state.toUpperCase() as 'ACTIVE' | 'EXHAUSTED' | 'REVOKED' | 'EXPIRED' | 'NOT_YET_VALID',
    ceiling: (view) => ({ tokens: view.ceilingTokens, minorUnits: view.ceilingMinorUnits, draws: view.ceilingDraws }),
    drawn: (view) => ({ tokens: view.drawnTokens, minorUnits: view.drawnMinorUnits, draws: view.draws }),
    remaining: remainingOf,
    receipts: (view, { first, after }, ctx) => receiptPage(ctx.db, view, first ?? 20, after),
    agent: async (view, _args, ctx) => {
      const agent = await remember(ctx, `agent:${view.agentId}`, () => findAgent(ctx.db.prisma, view.tenantId, view.agentId));
      if (!agent) throw new Error(`agent of authority ${view.id} is missing`);
      return agent;
    },
    issuedBy: async (view, _args, ctx) => {
      const owner = await remember(ctx, `owner:${view.ownerId}`, () => findOwner(ctx.db.prisma, view.tenantId, view.ownerId));
      if (!owner) throw new Error(`issuer of authority ${view.id} is missing`);
      return owner;
    },
  },
  Drawn: {
    // Read only when asked for: most draws want the receipt alone.
    authority: async (drawn, _args, ctx) => (await readAuthority(ctx.scope.reads, requirePrincipal(ctx), drawn.receipt.authorityId))!,
  },
  Receipt: {
    remaining: (receipt) => ({ tokens: receipt.remainingTokens, minorUnits: receipt.remainingMinorUnits, draws: receipt.remainingDraws }),
  },
};
