import type { Resolvers } from '../generated/graphql.js';
import { requireOwner } from '../lib/context.js';
import { readAuditKeys, readAuditLog, readLatestSignedHead, signAuditHeadNow } from './service.js';

/** The decision log: owners read their tenant's (any scope), sign its head with ADMIN; agents are refused. */
export const auditResolvers: Resolvers = {
  Query: {
    auditLog: (_root, { first, after }, ctx) => readAuditLog(ctx, requireOwner(ctx, 'read'), first ?? 100, after),
    auditHead: (_root, _args, ctx) => readLatestSignedHead(ctx, requireOwner(ctx, 'read')),
    auditKeys: (_root, _args, ctx) => {
      requireOwner(ctx, 'read');
      return readAuditKeys(ctx);
    },
  },
  Mutation: {
    signAuditHead: (_root, _args, ctx) => signAuditHeadNow(ctx.db.pool, ctx.runtime.box, requireOwner(ctx, 'admin')),
  },
};
