import type { Principal } from '../../platform/lib/principal.js';
import type { Queryable } from '../../platform/db/sql.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { isUuid } from '../../platform/lib/validation.js';
import { readerOf } from '../../platform/lib/reader.js';
import { findSignOff, type SignOffRow } from './store.js';
import { findSignOffsByIds, listSignOffs, type ListFilter, type ListPosition } from './reads-store.js';
import { listSignOffAttempts, type AttemptRow } from './runs/delivery-store.js';

/*
 * What a principal reads of its requests (docs/sign-offs.md, S12): one, a
 * batch by ids for the loaders, or a page of a filtered list behind an
 * opaque cursor. Another's request, or an id that is no uuid, reads as absent.
 */

/** One of the principal's requests, or null. */
export function readSignOff(db: Queryable, principal: Principal, id: string): Promise<SignOffRow | null> {
  return isUuid(id) ? findSignOff(db, principal.tenantId, id, readerOf(principal)) : Promise.resolve(null);
}

/** The principal's requests among `ids` (ids that are no uuid, or name another's request, are simply absent). */
export function readSignOffs(db: Queryable, principal: Principal, ids: readonly string[]): Promise<SignOffRow[]> {
  const valid = ids.filter(isUuid);
  return valid.length === 0 ? Promise.resolve([]) : findSignOffsByIds(db, principal.tenantId, valid, readerOf(principal));
}

/** A page of the principal's requests, with an opaque cursor. */
export async function listPrincipalSignOffs(db: Queryable, principal: Principal, filter: ListFilter, first: number, after: string | null | undefined) {
  if (!Number.isInteger(first) || first < 1 || first > 100) throw graphQLError('BAD_INPUT', '"first" must be from 1 to 100.');
  const { requestedFrom, requestedTo, agentId, ruleId } = filter;
  if (requestedFrom && requestedTo && requestedFrom > requestedTo) throw graphQLError('BAD_INPUT', '"requestedFrom" must not be after "requestedTo".');
  const position = after ? decodeCursor(after) : undefined;
  // Not an id any agent can have, so it names none of the caller's: nothing to read, and no cast error from the database.
  if ((agentId !== undefined && !isUuid(agentId)) || (ruleId !== undefined && !isUuid(ruleId)))
    return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  const page = await listSignOffs(db, principal.tenantId, readerOf(principal), filter, first, position);
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

/** A WEBHOOK request's delivery attempts, oldest first, for its owner. */
export function readDeliveryAttempts(db: Queryable, tenantId: string, signOffId: string): Promise<AttemptRow[]> {
  return listSignOffAttempts(db, tenantId, signOffId);
}
