import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { signAuditHeadNow } from './signer.js';

/** Signing the decision log's head now: ADMIN owners only (docs/audit.md, rule L4); reading the log is domains/audit/resolvers.ts's. */
export const auditSignerResolvers: Resolvers = {
  Mutation: {
    signAuditHead: (_root, _args, ctx) => signAuditHeadNow(ctx.db.pool, ctx.runtime.box, requireOwner(ctx, 'admin')),
  },
};
