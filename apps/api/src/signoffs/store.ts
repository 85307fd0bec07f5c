import type { Db } from '../db/database.js';
import { Prisma } from '../generated/prisma/client.js';
import { EVENTS_CHANNEL } from '../events/topics.js';
import { SECRET_LIFE, SETTLE_AFTER, SIGN_OFF_WINDOW } from './policy.js';

export type StoredState = 'pending' | 'approved' | 'succeeded' | 'failed' | 'denied' | 'expired' | 'withdrawn';
export type SecretState = 'none' | 'waiting' | 'taken' | 'lapsed';

/**
 * A request as every reader sees it. Its state and secret state are the
 * stored ones, except that a pending request past its window reads as
 * expired and a waiting secret past its life as lapsed, before any sweep
 * has written that: the clock that decides is the database's.
 */
export interface SignOffRow {
  tenantId: string; id: string; agentId: string; ownerId: string;
  op: string; repositoryId: string | null; repositoryCode: string | null;
  input: string; inputHash: string; summary: string; reason: string | null;
  state: StoredState; requestedAt: Date; expiresAt: Date; decidedAt: Date | null; note: string | null;
  finishedAt: Date | null; result: unknown; failure: string | null;
  secretState: SecretState; secretExpiresAt: Date | null;
}

/** Whose requests a reader may see: an owner sees theirs, an agent its own. */
export type Reader = { ownerId: string } | { agentId: string };

const COLUMNS = Prisma.sql`
  s.tenant_id AS "tenantId", s.id, s.agent_id AS "agentId", s.owner_id AS "ownerId",
  s.op, s.repository_id AS "repositoryId", s.repository_code AS "repositoryCode",
  s.input, s.input_hash AS "inputHash", s.summary, s.reason,
  CASE WHEN s.state = 'pending' AND s.requested_at < now() - ${SIGN_OFF_WINDOW} THEN 'expired' ELSE s.state END AS state,
  s.requested_at AS "requestedAt", s.requested_at + ${SIGN_OFF_WINDOW} AS "expiresAt",
  s.decided_at AS "decidedAt", s.note, s.finished_at AS "finishedAt", s.result, s.failure,
  CASE WHEN s.secret_state = 'waiting' AND s.decided_at < now() - ${SECRET_LIFE} THEN 'lapsed' ELSE s.secret_state END AS "secretState",
  CASE WHEN s.secret_state <> 'none' THEN s.decided_at + ${SECRET_LIFE} END AS "secretExpiresAt"`;

function readerFilter(reader: Reader): Prisma.Sql {
  return 'ownerId' in reader ? Prisma.sql`s.owner_id = ${reader.ownerId}::uuid` : Prisma.sql`s.agent_id = ${reader.agentId}::uuid`;
}

export async function findSignOff(db: Db, tenantId: string, id: string, reader?: Reader): Promise<SignOffRow | null> {
  const rows = await db.$queryRaw<SignOffRow[]>`
    /* findSignOff */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = ${tenantId}::uuid AND s.id = ${id}::uuid ${reader ? Prisma.sql`AND ${readerFilter(reader)}` : Prisma.empty}`;
  return rows[0] ?? null;
}

/**
 * Takes the agent's row lock for the rest of the transaction, serialising
 * that agent's requests: the pending count and the look for an identical
 * request then cannot race. False when the agent is gone or revoked.
 */
export async function lockRequestingAgent(db: Db, tenantId: string, agentId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    /* lockRequestingAgent */
    SELECT id FROM agents WHERE tenant_id = ${tenantId}::uuid AND id = ${agentId}::uuid AND revoked_at IS NULL FOR NO KEY UPDATE`;
  return rows.length === 1;
}

/** Closes the agent's requests that outlived the window, so they stop counting as open. */
export async function expireAgentPending(db: Db, tenantId: string, agentId: string): Promise<void> {
  await db.$executeRaw`
    /* expireAgentPending */
    UPDATE sign_offs SET state = 'expired', decided_at = requested_at + ${SIGN_OFF_WINDOW}
     WHERE tenant_id = ${tenantId}::uuid AND agent_id = ${agentId}::uuid AND state = 'pending' AND requested_at < now() - ${SIGN_OFF_WINDOW}`;
}

export async function findOpenRequest(db: Db, key: { tenantId: string; agentId: string; op: string; repositoryId: string | null; inputHash: string }): Promise<SignOffRow | null> {
  const rows = await db.$queryRaw<SignOffRow[]>`
    /* findOpenRequest */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = ${key.tenantId}::uuid AND s.agent_id = ${key.agentId}::uuid AND s.op = ${key.op}
       AND s.repository_id IS NOT DISTINCT FROM ${key.repositoryId}::uuid AND s.input_hash = ${key.inputHash} AND s.state = 'pending'`;
  return rows[0] ?? null;
}

export async function countPending(db: Db, tenantId: string, agentId: string): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    /* countPending */
    SELECT count(*)::int AS count FROM sign_offs WHERE tenant_id = ${tenantId}::uuid AND agent_id = ${agentId}::uuid AND state = 'pending'`;
  return rows[0]!.count;
}

export interface NewSignOff {
  tenantId: string; id: string; agentId: string; ownerId: string; op: string;
  repositoryId: string | null; repositoryCode: string | null; input: string; inputHash: string; summary: string; reason: string | null;
}

export async function insertSignOff(db: Db, s: NewSignOff): Promise<void> {
  await db.$executeRaw`
    /* insertSignOff */
    INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, repository_id, repository_code, input, input_hash, summary, reason)
    VALUES (${s.tenantId}::uuid, ${s.id}::uuid, ${s.agentId}::uuid, ${s.ownerId}::uuid, ${s.op}, ${s.repositoryId}::uuid,
            ${s.repositoryCode}, ${s.input}, ${s.inputHash}, ${s.summary}, ${s.reason})`;
}

/**
 * The decision, in one conditional statement: only a pending request, of
 * this owner, inside its window, changes. Whoever's statement commits first
 * wins; every other decision finds nothing to change.
 */
export async function decidePending(db: Db, tenantId: string, ownerId: string, id: string, approve: boolean, note: string | null): Promise<boolean> {
  const changed = await db.$executeRaw`
    /* decidePending */
    UPDATE sign_offs SET state = ${approve ? 'approved' : 'denied'}, decided_at = now(), note = ${note}
     WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND owner_id = ${ownerId}::uuid
       AND state = 'pending' AND requested_at >= now() - ${SIGN_OFF_WINDOW}`;
  return changed === 1;
}

/** The asking agent withdraws its own pending request, under the same conditions as a decision. */
export async function withdrawPending(db: Db, tenantId: string, agentId: string, id: string): Promise<boolean> {
  const changed = await db.$executeRaw`
    /* withdrawPending */
    UPDATE sign_offs SET state = 'withdrawn', decided_at = now()
     WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND agent_id = ${agentId}::uuid
       AND state = 'pending' AND requested_at >= now() - ${SIGN_OFF_WINDOW}`;
  return changed === 1;
}

/** What running an approved request needs to know of it. */
export interface ApprovedClaim { op: string; input: string; ownerId: string; agentId: string; repositoryId: string | null; repositoryCode: string | null }

/**
 * Claims an approved request for execution: the row lock is held until the
 * outcome commits, and a request already settled (by this or another
 * instance, or the sweep) is not returned, so the deed runs at most once.
 */
export async function claimApproved(db: Db, tenantId: string, id: string): Promise<ApprovedClaim | null> {
  const rows = await db.$queryRaw<ApprovedClaim[]>`
    /* claimApproved */
    SELECT op, input, owner_id AS "ownerId", agent_id AS "agentId", repository_id AS "repositoryId", repository_code AS "repositoryCode"
      FROM sign_offs WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND state = 'approved' FOR UPDATE`;
  return rows[0] ?? null;
}

export async function recordSuccess(db: Db, tenantId: string, id: string, outcome: { result: unknown; secret: string | null; minted: string[] | null }): Promise<void> {
  await db.$executeRaw`
    /* recordSuccess */
    UPDATE sign_offs
       SET state = 'succeeded', finished_at = now(), result = ${JSON.stringify(outcome.result)}::jsonb,
           secret = ${outcome.secret}, secret_state = ${outcome.secret === null ? 'none' : 'waiting'},
           lapse_refs = ${outcome.minted && outcome.secret !== null ? JSON.stringify(outcome.minted) : null}::jsonb
     WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND state = 'approved'`;
}

export async function recordFailure(db: Db, tenantId: string, id: string, failure: string): Promise<void> {
  await db.$executeRaw`
    /* recordFailure */
    UPDATE sign_offs SET state = 'failed', finished_at = now(), failure = ${failure}
     WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND state = 'approved'`;
}

/**
 * Hands the asking agent its secret and forgets it, with the references
 * that could revoke what it minted, in one statement: of two takes, or a
 * take and the lapse sweep, exactly one finds the row still waiting.
 */
export async function takeSecret(db: Db, tenantId: string, agentId: string, id: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ secret: string }[]>`
    /* takeSecret */
    UPDATE sign_offs s SET secret = NULL, lapse_refs = NULL, secret_state = 'taken'
      FROM (SELECT tenant_id, id, secret FROM sign_offs
             WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid FOR UPDATE) AS before
     WHERE s.tenant_id = before.tenant_id AND s.id = before.id AND s.agent_id = ${agentId}::uuid
       AND s.secret_state = 'waiting' AND s.decided_at >= now() - ${SECRET_LIFE}
    RETURNING before.secret`;
  return rows[0]?.secret ?? null;
}

/** Cursor position of a row in the owner's or agent's list. */
export interface ListPosition { bucket: number; key: number; id: string }

export interface ListPage { rows: (SignOffRow & ListPosition)[]; hasNextPage: boolean }

/**
 * A page of requests: open ones first, oldest waiting at the top, then the
 * rest by most recent decision. The order is a total one (bucket, key, id),
 * so keyset pagination neither skips nor repeats a row.
 */
export async function listSignOffs(db: Db, tenantId: string, reader: Reader, state: StoredState | undefined, first: number, after: ListPosition | undefined): Promise<ListPage> {
  const rows = await db.$queryRaw<(SignOffRow & ListPosition)[]>`
    /* listSignOffs */
    SELECT * FROM (
      SELECT ${COLUMNS},
             CASE WHEN s.state = 'pending' AND s.requested_at >= now() - ${SIGN_OFF_WINDOW} THEN 0 ELSE 1 END AS bucket,
             CASE WHEN s.state = 'pending' AND s.requested_at >= now() - ${SIGN_OFF_WINDOW}
                  THEN extract(epoch FROM s.requested_at)
                  ELSE -extract(epoch FROM coalesce(s.decided_at, s.requested_at + ${SIGN_OFF_WINDOW})) END::float8 AS key
        FROM sign_offs s
       WHERE s.tenant_id = ${tenantId}::uuid AND ${readerFilter(reader)}
    ) page
    WHERE ${state ? Prisma.sql`page.state = ${state}` : Prisma.sql`TRUE`}
      AND ${after ? Prisma.sql`(page.bucket, page.key, page.id) > (${after.bucket}::int, ${after.key}::float8, ${after.id}::uuid)` : Prisma.sql`TRUE`}
    ORDER BY page.bucket, page.key, page.id
    LIMIT ${first + 1}`;
  return { rows: rows.slice(0, first), hasNextPage: rows.length > first };
}

/** Sweep: closes requests past their window, announcing each; returns how many. */
export async function expireOverdue(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    /* expireOverdue */
    WITH expired AS (
      UPDATE sign_offs SET state = 'expired', decided_at = requested_at + ${SIGN_OFF_WINDOW}
       WHERE state = 'pending' AND requested_at < now() - ${SIGN_OFF_WINDOW}
      RETURNING tenant_id, id, owner_id, agent_id
    )
    SELECT count(pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'topic', 'SIGN_OFF_CHANGED', 'tenantId', tenant_id,
      'payload', json_build_object('signOffId', id, 'ownerId', owner_id, 'agentId', agent_id))::text))::int AS n
      FROM expired`;
  return rows[0]?.n ?? 0;
}

/** Sweep: approved requests whose execution was interrupted, oldest first. */
export function findUnfinished(db: Db, limit: number): Promise<{ tenantId: string; id: string }[]> {
  return db.$queryRaw`
    /* findUnfinished */
    SELECT tenant_id AS "tenantId", id FROM sign_offs
     WHERE state = 'approved' AND decided_at < now() - ${SETTLE_AFTER}
     ORDER BY decided_at LIMIT ${limit}`;
}

/**
 * Sweep: lapses secrets nobody took within their life, in one statement:
 * the rows are locked (a racing take waits, then finds them lapsed), what
 * they minted is revoked, and the secret and its references are cleared.
 * A secret taken first is no longer waiting and is never touched.
 */
export async function lapseUncollected(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    /* lapseUncollected */
    WITH due AS (
      SELECT tenant_id, id, owner_id, agent_id, lapse_refs FROM sign_offs
       WHERE secret_state = 'waiting' AND decided_at < now() - ${SECRET_LIFE}
       FOR UPDATE SKIP LOCKED
    ), revoked AS (
      UPDATE repository_tokens t SET revoked_at = now(), revoked_reason = 'its secret lapsed uncollected'
        FROM due
       WHERE t.tenant_id = due.tenant_id AND t.revoked_at IS NULL
         AND t.id IN (SELECT jsonb_array_elements_text(coalesce(due.lapse_refs, '[]'::jsonb))::uuid)
    ), lapsed AS (
      UPDATE sign_offs s SET secret = NULL, lapse_refs = NULL, secret_state = 'lapsed'
        FROM due WHERE s.tenant_id = due.tenant_id AND s.id = due.id
      RETURNING s.tenant_id, s.id, s.owner_id, s.agent_id
    )
    SELECT count(pg_notify(${EVENTS_CHANNEL}, json_build_object(
      'topic', 'SIGN_OFF_CHANGED', 'tenantId', tenant_id,
      'payload', json_build_object('signOffId', id, 'ownerId', owner_id, 'agentId', agent_id))::text))::int AS n
      FROM lapsed`;
  return rows[0]?.n ?? 0;
}
