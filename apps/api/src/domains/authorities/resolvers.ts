import type { Resolvers } from '../../generated/graphql.js';
import type { BusEvent } from '../../platform/events/topics.js';
import { requireDrawer, requireOwner, requirePrincipal, type Context } from '../../platform/lib/context.js';
import { domainError } from '../../platform/lib/errors.js';
import { readerOf, readerSees } from '../../platform/lib/reader.js';
import { drawAuthority, issueAuthority, readAuthorities, readAuthority, receiptPage, revokeAuthority } from './service.js';
import type { AuthorityView } from './store.js';
import { MAX_TOTAL } from './terms.js';

const NOT_FOUND = () => domainError('NotFound', 'NOT_FOUND', 'No authority of yours has that id.');

type Figures = { tokens: bigint | null; minorUnits: bigint | null; draws: bigint | null };

/**
 * Amounts as the API can show them. A figure past 2^53 − 1 cannot be an
 * Amount; only a balance written before the database refused such totals
 * can hold one. It reads as null, with a warning in the log, rather than as
 * a field error: the console treats any error as a failed page, and one
 * such authority must not take the owner's whole list down with it.
 */
function shown(ctx: Context, view: Pick<AuthorityView, 'id' | 'tenantId'>, what: string, figures: Figures): Figures {
  const out = Object.entries(figures).filter(([, value]) => value !== null && (value > MAX_TOTAL || value < 0n));
  if (out.length === 0) return figures;
  ctx.log.warn(
    { authorityId: view.id, tenantId: view.tenantId, what, figures: Object.fromEntries(out.map(([key, value]) => [key, String(value)])) },
    'authority amount past 2^53 − 1 shown as null',
  );
  return Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, out.some(([bad]) => bad === key) ? null : value])) as Figures;
}

const remainingOf = (view: Pick<AuthorityView, 'remainingTokens' | 'remainingMinorUnits' | 'remainingDraws'>) => ({
  tokens: view.remainingTokens,
  minorUnits: view.remainingMinorUnits,
  draws: view.remainingDraws,
});

export const authorityResolvers: Resolvers = {
  Query: {
    authority: (_root, { id }, ctx) => readAuthority(ctx, requirePrincipal(ctx, 'read'), id),
    authorities: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:authorities:${first ?? 20}:${after ?? ''}`, () => readAuthorities(ctx, requirePrincipal(ctx, 'read'), first ?? 20, after)),
  },
  Mutation: {
    issueAuthority: async (_root, { input }, ctx) => {
      const outcome = await issueAuthority(ctx, requireOwner(ctx, 'admin'), input);
      if (outcome.kind === 'agent-not-found') return domainError('NotFound', 'NOT_FOUND', 'No live agent of yours has that id.');
      if (outcome.kind === 'terms-conflict')
        return domainError(
          'TermsConflict',
          'TERMS_CONFLICT',
          'An authority with this id was issued with other terms; terms never change: issue a new authority.',
        );
      return { __typename: 'AuthorityIssued', authority: outcome.authority, existing: outcome.existing };
    },
    drawAuthority: async (_root, { input }, ctx) => {
      const { outcome, agent } = await drawAuthority(ctx, requireDrawer(ctx), input);
      // A draw-only request is authenticated by its draw: what its answer reads next reads as this agent.
      ctx.principal ??= agent;
      switch (outcome.kind) {
        case 'drawn':
          return { __typename: 'Drawn', receipt: outcome.receipt, replayed: outcome.replayed };
        case 'dispatch-key-reused':
          return {
            ...domainError('DispatchKeyReused', 'DISPATCH_KEY_REUSED', 'This dispatch key already drew a different amount; nothing was drawn.'),
            receipt: outcome.receipt,
          };
        case 'not-found':
          return NOT_FOUND();
        case 'revoked':
          return { ...domainError('Revoked', 'REVOKED', `The authority was revoked: ${outcome.reason}`), reason: outcome.reason };
        case 'not-yet-valid':
          return domainError('NotYetValid', 'NOT_YET_VALID', 'The authority is not in force yet.');
        case 'expired':
          return domainError('Expired', 'EXPIRED', 'The authority has expired.');
        case 'per-draw-cap':
          return domainError('PerDrawCapExceeded', 'PER_DRAW_CAP_EXCEEDED', outcome.message);
        case 'exhausted':
          return {
            ...domainError('Exhausted', 'EXHAUSTED', 'Not enough is left under the authority for this draw.'),
            remaining: shown(ctx, outcome.authority, 'remaining', remainingOf(outcome.authority)),
          };
      }
    },
    revokeAuthority: async (_root, { input }, ctx) => {
      const authority = await revokeAuthority(ctx, requireOwner(ctx, 'admin'), input.authority, input.reason);
      return authority ? { __typename: 'AuthorityRevoked', authority } : NOT_FOUND();
    },
  },
  Subscription: {
    authorityEvents: {
      subscribe: (_root, _args, ctx) => {
        const principal = requirePrincipal(ctx, 'read');
        const reader = readerOf(principal);
        return ctx.bus.subscribe('AUTHORITY_CHANGED', (event) => event.tenantId === principal.tenantId && readerSees(reader, event.payload));
      },
      resolve: async (event: BusEvent<'AUTHORITY_CHANGED'>, _args: unknown, ctx: Context) => {
        // The loaders are this event's (see edge/http/ws/websocket.ts): a principal's subscriptions share one read.
        const authority = await ctx.loaders.once(`authority:${event.payload.authorityId}`, () =>
          readAuthority(ctx, requirePrincipal(ctx, 'read'), event.payload.authorityId),
        );
        if (!authority) throw new Error(`authority ${event.payload.authorityId} vanished`);
        return { authority };
      },
    },
  },
  Authority: {
    state: (view) => view.state.toUpperCase() as 'ACTIVE' | 'EXHAUSTED' | 'REVOKED' | 'EXPIRED' | 'NOT_YET_VALID',
    ceiling: (view, _args, ctx) => shown(ctx, view, 'ceiling', { tokens: view.ceilingTokens, minorUnits: view.ceilingMinorUnits, draws: view.ceilingDraws }),
    drawn: (view, _args, ctx) => shown(ctx, view, 'drawn', { tokens: view.drawnTokens, minorUnits: view.drawnMinorUnits, draws: view.draws }),
    remaining: (view, _args, ctx) => shown(ctx, view, 'remaining', remainingOf(view)),
    receipts: (view, { first, after }, ctx) => receiptPage(ctx, view, first ?? 20, after),
    agent: async (view, _args, ctx) => {
      const agent = await ctx.loaders.agent.load({ tenantId: view.tenantId, id: view.agentId });
      if (!agent) throw new Error(`agent of authority ${view.id} is missing`);
      return agent;
    },
    issuedBy: async (view, _args, ctx) => {
      const owner = await ctx.loaders.owner.load({ tenantId: view.tenantId, id: view.ownerId });
      if (!owner) throw new Error(`issuer of authority ${view.id} is missing`);
      return owner;
    },
  },
  Drawn: {
    // Read only when asked for: most draws want the receipt alone.
    authority: async (drawn, _args, ctx) => (await readAuthority(ctx, requirePrincipal(ctx, 'read'), drawn.receipt.authorityId))!,
  },
  Receipt: {
    remaining: (receipt) => ({ tokens: receipt.remainingTokens, minorUnits: receipt.remainingMinorUnits, draws: receipt.remainingDraws }),
  },
};
