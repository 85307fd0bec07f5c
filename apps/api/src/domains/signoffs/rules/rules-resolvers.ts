import DataLoader from 'dataloader';
import type { Resolvers, RuleConstraintKind, SignOffRuleState } from '../../../generated/graphql.js';
import { requireOwner, requirePrincipal, type Context } from '../../../platform/lib/context.js';
import { domainError } from '../../../platform/lib/errors.js';
import type { StoredConstraint } from './rule-terms.js';
import { createSignOffRule, readSignOffRule, readSignOffRules, revokeSignOffRule } from './rules-service.js';
import { readSignOffRulesByIds, type SignOffRuleRow } from './rules-store.js';

/** The rules that approved a list of requests, read in one statement per GraphQL request. */
function approvingRules(ctx: Context): Promise<DataLoader<string, SignOffRuleRow | null>> {
  return ctx.loaders.once('loader:approvingRules', () =>
    Promise.resolve(
      new DataLoader<string, SignOffRuleRow | null>(async (ids) => {
        const found = new Map((await readSignOffRulesByIds(ctx.scope.reads, requirePrincipal(ctx, 'read'), ids)).map((rule) => [rule.id, rule]));
        return ids.map((id) => found.get(id) ?? null);
      }),
    ),
  );
}

function kindOf(constraint: StoredConstraint): RuleConstraintKind {
  if ('equals' in constraint) return 'EQUALS';
  if ('oneOf' in constraint) return 'ONE_OF';
  if ('atMost' in constraint) return 'AT_MOST';
  return 'PREFIX';
}

/** Approve-and-remember rules (docs/sign-offs.md, S19): READ to see, DECIDE to make or revoke. */
export const signOffRuleResolvers: Resolvers = {
  Query: {
    signOffRules: (_root, { agent, state, first, after }, ctx) =>
      readSignOffRules(ctx, requirePrincipal(ctx, 'read'), { agentId: agent ?? undefined, state: state ?? undefined }, first ?? 20, after),
    signOffRule: (_root, { id }, ctx) => readSignOffRule(ctx, requirePrincipal(ctx, 'read'), id),
  },
  Mutation: {
    createSignOffRule: async (_root, { input }, ctx) => {
      const outcome = await createSignOffRule(ctx, requireOwner(ctx, 'admin'), input);
      if (outcome.kind === 'not-found') {
        return domainError(
          'NotFound',
          'NOT_FOUND',
          outcome.what === 'agent' ? 'No live agent of yours has that id.' : `You have no live repository named "${input.repository ?? ''}".`,
        );
      }
      return { __typename: 'SignOffRuleCreated', rule: outcome.rule };
    },
    revokeSignOffRule: async (_root, { id, reason }, ctx) => {
      const rule = await revokeSignOffRule(ctx, requireOwner(ctx, 'admin'), id, reason);
      return rule ? { __typename: 'SignOffRuleRevoked', rule } : domainError('NotFound', 'NOT_FOUND', 'No rule of yours has that id.');
    },
  },
  SignOffRule: {
    state: (rule) => rule.state.toUpperCase() as SignOffRuleState,
    approvedCount: (rule) => rule.maxApprovals - rule.remaining,
    agent: async (rule, _args, ctx) => {
      const agent = await ctx.loaders.agent.load({ tenantId: rule.tenantId, id: rule.agentId });
      if (!agent) throw new Error(`agent of rule ${rule.id} is missing`);
      return agent;
    },
    repository: (rule, _args, ctx) => (rule.repositoryId ? ctx.loaders.repository.load({ tenantId: rule.tenantId, id: rule.repositoryId }) : null),
  },
  RuleConstraint: {
    kind: (constraint) => kindOf(constraint),
    equals: (constraint) => ('equals' in constraint ? constraint.equals : null),
    oneOf: (constraint) => ('oneOf' in constraint ? constraint.oneOf : null),
    atMost: (constraint) => ('atMost' in constraint ? constraint.atMost : null),
    prefix: (constraint) => ('prefix' in constraint ? constraint.prefix : null),
  },
  SignOff: {
    approvedByRule: async (row, _args, ctx) => (row.approvedByRule ? (await approvingRules(ctx)).load(row.approvedByRule) : null),
  },
};
