import DataLoader from 'dataloader';
import type { Resolvers } from '../../../generated/graphql.js';
import { requireOwner, type Context } from '../../../platform/lib/context.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../../owners/fresh-authentication.js';
import { approvalPolicies, setApprovalsRequired } from './approval-policies.js';
import { findApprovals, type SignOffApprovalRow } from './two-person-store.js';

/**
 * The approvals of the requests a GraphQL request shows, batched: a list's
 * worth in one statement. Every request an owner reads is of their tenant.
 */
function approvalsOf(ctx: Context, tenantId: string): Promise<DataLoader<string, SignOffApprovalRow[]>> {
  return ctx.loaders.once(`loader:signOffApprovals:${tenantId}`, () =>
    Promise.resolve(
      new DataLoader<string, SignOffApprovalRow[]>(async (ids) => {
        const rows = await findApprovals(ctx.scope.reads, tenantId, ids);
        return ids.map((id) => rows.filter((row) => row.signOffId === id));
      }),
    ),
  );
}

async function ownerOf(ctx: Context, tenantId: string, id: string) {
  const owner = await ctx.loaders.owner.load({ tenantId, id });
  if (!owner) throw new Error(`owner ${id} is missing`);
  return owner;
}

/** The two-person rule (docs/sign-offs.md, S20): a request's approvals, and each operation's setting. */
export const twoPersonResolvers: Resolvers = {
  Query: {
    approvalPolicies: (_root, _args, ctx) => approvalPolicies(ctx, requireOwner(ctx, 'read')),
  },
  Mutation: {
    setApprovalsRequired: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      if (!(await freshlyAuthenticated(ctx, owner))) return reauthenticationRequired('Changing how many approvals an operation needs');
      const outcome = await setApprovalsRequired(ctx, owner, input);
      if (outcome.kind === 'set') return { __typename: 'ApprovalPolicySet', policy: outcome.policy };
      // Lowering in a tenant of two or more owners is itself two-person (S21): filed, not applied.
      return { __typename: 'ApprovalPolicyChangeProposed', signOff: outcome.signOff, existing: outcome.existing };
    },
  },
  SignOff: {
    approvalsRequired: (row) => row.approvalsRequired,
    // Who approved is for the tenant's owners; an agent learns its request's state, not who moved it.
    approvals: async (row, _args, ctx) =>
      row.approvalsRequired === 2 && ctx.principal?.kind === 'owner' ? (await approvalsOf(ctx, row.tenantId)).load(row.id) : [],
    deniedBy: (row, _args, ctx) => (row.deniedBy && ctx.principal?.kind === 'owner' ? ownerOf(ctx, row.tenantId, row.deniedBy) : null),
  },
  SignOffApproval: {
    owner: (approval, _args, ctx) => ownerOf(ctx, requireOwner(ctx, 'read').tenantId, approval.ownerId),
  },
  ApprovalPolicy: {
    setBy: (policy, _args, ctx) => (policy.setBy ? ownerOf(ctx, requireOwner(ctx, 'read').tenantId, policy.setBy) : null),
  },
};
