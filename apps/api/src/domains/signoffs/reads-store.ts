import { query, type Queryable } from '../../platform/db/sql.js';
import type { Principal } from '../../platform/lib/principal.js';
import { readerFilter, readerOf, type Reader } from '../../platform/lib/reader.js';
import { isUuid } from '../../platform/lib/validation.js';
import { GRANT_LIFE, SIGN_OFF_WINDOW } from './policy.js';
import { COLUMNS, SHARED_WITH_CO_OWNERS, type SignOffRow, type StoredState } from './store.js';

/*
 * The read side of sign-offs: the owner's and agent's pages and the counts
 * the console and the catalogue show. Nothing here changes a row.
 */

/** Cursor position of a row in the owner's or agent's list. */
export interface ListPosition {
  bucket: number;
  key: number;
  id: string;
}

export interface ListPage {
  rows: (SignOffRow & ListPosition)[];
  hasNextPage: boolean;
}

/** What a list keeps: every field optional, all of them together. */
export interface ListFilter {
  state?: StoredState;
  decided?: boolean;
  agentId?: string;
  /** Asked at or after this instant. */
  requestedFrom?: Date;
  /** Asked before this instant. */
  requestedTo?: Date;
  /** true: only requests a standing rule approved (S19); false: only the others. */
  byRule?: boolean;
  /** Only the requests this rule approved. */
  ruleId?: string;
  /** Only requests for this operation. */
  op?: string;
  /** Only requests asked with this input (its hash as asked, before any change the owner approved). */
  requestedInputHash?: string;
}

/**
 * A page of requests: open ones first, oldest waiting at the top, then the
 * rest by most recent decision. The order is a total one (bucket, key, id),
 * so keyset pagination neither skips nor repeats a row; the filters only
 * drop rows from that order, so a cursor stays valid under the same filters.
 */
export async function listSignOffs(
  db: Queryable,
  tenantId: string,
  reader: Reader,
  filter: ListFilter,
  first: number,
  after: ListPosition | undefined,
): Promise<ListPage> {
  const params: unknown[] = [
    tenantId,
    first + 1,
    filter.state ?? null,
    after?.bucket ?? null,
    after?.key ?? null,
    after?.id ?? null,
    filter.decided ?? null,
    filter.agentId ?? null,
    filter.requestedFrom ?? null,
    filter.requestedTo ?? null,
    filter.byRule ?? null,
    filter.ruleId ?? null,
    filter.op ?? null,
    filter.requestedInputHash ?? null,
  ];
  const rows = await query<SignOffRow & ListPosition>(
    db,
    `/* listSignOffs */
    SELECT * FROM (
      SELECT ${COLUMNS},
             CASE WHEN s.state IN ('pending', 'partially_approved') AND s.requested_at >= now() - ${SIGN_OFF_WINDOW} THEN 0 ELSE 1 END AS bucket,
             (CASE WHEN s.state IN ('pending', 'partially_approved') AND s.requested_at >= now() - ${SIGN_OFF_WINDOW}
                   THEN extract(epoch FROM s.requested_at)
                   ELSE -extract(epoch FROM coalesce(s.decided_at, s.requested_at + ${SIGN_OFF_WINDOW})) END)::float8 AS key
        FROM sign_offs s
       WHERE s.tenant_id = $1::uuid AND ${readerFilter(reader, params, 's', SHARED_WITH_CO_OWNERS)}
         AND ($8::uuid IS NULL OR s.agent_id = $8::uuid)
         AND ($9::timestamptz IS NULL OR s.requested_at >= $9::timestamptz)
         AND ($10::timestamptz IS NULL OR s.requested_at < $10::timestamptz)
         AND ($11::boolean IS NULL OR (s.approved_by_rule IS NOT NULL) = $11::boolean)
         AND ($12::uuid IS NULL OR s.approved_by_rule = $12::uuid)
         AND ($13::text IS NULL OR s.op = $13::text)
         AND ($14::text IS NULL OR s.requested_input_hash = $14::text)
    ) page
    WHERE ($3::text IS NULL OR page.state = $3) AND ($7::boolean IS NULL OR (page.bucket = 1) = $7)
      AND ($4::int IS NULL OR (page.bucket, page.key, page.id) > ($4::int, $5::float8, $6::uuid))
    ORDER BY page.bucket, page.key, page.id
    LIMIT $2`,
    params,
  );
  return { rows: rows.slice(0, first), hasNextPage: rows.length > first };
}

/** The requests among `ids` the reader may see, in no order: one statement for a whole list's worth. */
export async function findSignOffsByIds(db: Queryable, tenantId: string, ids: readonly string[], reader: Reader): Promise<SignOffRow[]> {
  const params: unknown[] = [tenantId, ids];
  return query<SignOffRow>(
    db,
    `/* findSignOffsByIds */
    SELECT ${COLUMNS} FROM sign_offs s WHERE s.tenant_id = $1::uuid AND s.id = ANY($2::uuid[]) AND ${readerFilter(reader, params, 's', SHARED_WITH_CO_OWNERS)}`,
    params,
  );
}

/**
 * The principal's requests among `ids`, for a loader's batch (ids that are
 * no uuid, or name another's request, are simply absent).
 */
export function readSignOffs(db: Queryable, principal: Principal, ids: readonly string[]): Promise<SignOffRow[]> {
  const valid = ids.filter(isUuid);
  return valid.length === 0 ? Promise.resolve([]) : findSignOffsByIds(db, principal.tenantId, valid, readerOf(principal));
}

/** How many requests wait for a decision, a first approval or a second (past-window ones excluded). */
export async function countWaiting(db: Queryable, tenantId: string, reader: Reader): Promise<number> {
  const params: unknown[] = [tenantId];
  const rows = await query<{ n: number }>(
    db,
    `/* countWaiting */
    SELECT count(*)::int AS n FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND ${readerFilter(reader, params, 's', SHARED_WITH_CO_OWNERS)}
       AND s.state IN ('pending', 'partially_approved') AND s.requested_at >= now() - ${SIGN_OFF_WINDOW}`,
    params,
  );
  return rows[0]!.n;
}

/**
 * Open requests (waiting for the owner, or for their agent to redeem) per
 * operation, any version, that the reader sees: one statement for a whole
 * catalogue, however many operations it lists.
 */
export async function countOpenByOp(db: Queryable, tenantId: string, reader: Reader): Promise<Map<string, number>> {
  const params: unknown[] = [tenantId];
  const rows = await query<{ op: string; n: number }>(
    db,
    `/* countOpenByOp */
    SELECT s.op, count(*)::int AS n FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND ${readerFilter(reader, params, 's', SHARED_WITH_CO_OWNERS)}
       AND ((s.state IN ('pending', 'partially_approved') AND s.requested_at >= now() - ${SIGN_OFF_WINDOW}) OR (s.state = 'awaiting_redeem' AND s.decided_at >= now() - ${GRANT_LIFE}))
     GROUP BY s.op`,
    params,
  );
  return new Map(rows.map((row) => [row.op, row.n]));
}
