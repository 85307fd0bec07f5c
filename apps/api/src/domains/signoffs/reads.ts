import type { ServiceDeps } from '../../platform/lib/deps.js';
import type { Principal } from '../../platform/lib/principal.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { isUuid } from '../../platform/lib/validation.js';
import { readerOf } from '../../platform/lib/reader.js';
import { findSignOff, type SignOffRow } from './store.js';
import { listSignOffs, type ListFilter, type ListPosition } from './reads-store.js';
import { listSignOffAttempts, type AttemptRow } from './runs/delivery-store.js';

/*
 * What a principal reads of its requests (docs/sign-offs.md, S12): one, or a
 * page of a filtered list behind an opaque cursor (the loaders' batch by ids
 * is the store's `readSignOffs`). Another's request, or an id that is no
 * uuid, reads as absent. Raw SQL, not Prisma: a request's state and the
 * list's order are computed from the database's now().
 */

/**
 * One of the principal's requests, or null. Through the request's
 * `scope.reads`: the `signOff` query reads the pool there, a field under a
 * keyed mutation's answer its transaction.
 */
export function readSignOff(deps: Pick<ServiceDeps, 'scope'>, principal: Principal, id: string): Promise<SignOffRow | null> {
  return isUuid(id) ? findSignOff(deps.scope.reads, principal.tenantId, id, readerOf(principal)) : Promise.resolve(null);
}

/** A page of the principal's requests, with an opaque cursor (the `signOffs` query and the CLI: the pool). */
export async function listPrincipalSignOffs(
  deps: Pick<ServiceDeps, 'db'>,
  principal: Principal,
  filter: ListFilter,
  first: number,
  after: string | null | undefined,
) {
  // Its own checks, not page.ts's pageWindow as the other lists use: the refusal's text is older, so part of the contract, and the position is three parts.
  if (!Number.isInteger(first) || first < 1 || first > 100) throw graphQLError('BAD_INPUT', '"first" must be from 1 to 100.');
  const { requestedFrom, requestedTo, agentId, ruleId } = filter;
  if (requestedFrom && requestedTo && requestedFrom > requestedTo) throw graphQLError('BAD_INPUT', '"requestedFrom" must not be after "requestedTo".');
  const position = after ? decodeCursor(after) : undefined;
  // Not an id any agent can have, so it names none of the caller's: nothing to read, and no cast error from the database.
  if ((agentId !== undefined && !isUuid(agentId)) || (ruleId !== undefined && !isUuid(ruleId)))
    return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  const page = await listSignOffs(deps.db.pool, principal.tenantId, readerOf(principal), filter, first, position);
  const last = page.rows.at(-1);
  return { nodes: page.rows, pageInfo: { hasNextPage: page.hasNextPage, endCursor: last ? encodeCursor(last) : null } };
}

function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.bucket, position.key, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): ListPosition {
  try {
    const [bucket, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [number, number, string];
    if ((bucket === 0 || bucket === 1) && Number.isFinite(key) && isUuid(id)) return { bucket, key, id };
  } catch {
    // fall through to the error below
  }
  throw graphQLError('BAD_INPUT', 'That cursor is not one this API gave out.');
}

/**
 * A WEBHOOK request's delivery attempts, oldest first, for its owner. A field
 * of every SignOff, so also of a keyed mutation's answer: one raw read
 * through the request's `scope.reads` (rule I6), the pool for a query.
 */
export function readDeliveryAttempts(deps: Pick<ServiceDeps, 'scope'>, tenantId: string, signOffId: string): Promise<AttemptRow[]> {
  return listSignOffAttempts(deps.scope.reads, tenantId, signOffId);
}
