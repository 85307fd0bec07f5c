import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { readAuditKeys, readAuditLog, readLatestSignedHead } from './service.js';

/** The decision log: owners read their tenant's (any scope); agents are refused. Signing its head is the signer's (jobs/audit-signer/resolvers.ts). */
export const auditResolvers: Resolvers = {
  Query: {
    auditLog: (_root, { first, after }, ctx) => readAuditLog(ctx, requireOwner(ctx, 'read'), first ?? 100, after),
    auditHead: (_root, _args, ctx) => readLatestSignedHead(ctx, requireOwner(ctx, 'read')),
    auditKeys: (_root, _args, ctx) => {
      requireOwner(ctx, 'read');
      return readAuditKeys(ctx);
    },
  },
};
