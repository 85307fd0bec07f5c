import { query, type Queryable } from '../../platform/db/sql.js';
import { readerFilter, type Reader } from '../../platform/lib/reader.js';
import { notifySql } from '../../platform/events/notify-sql.js';
import { GRANT_LIFE, SECRET_LIFE, SIGN_OFF_WINDOW } from './policy.js';

/**
 * Every state a request is stored in. The metrics report each, at 0 when
 * none is in it (platform/metrics/database-gauges.ts), so the list is the code's.
 */
export const STORED_STATES = [
  'pending',
  'partially_approved',
  'approved',
  'succeeded',
  'failed',
  'denied',
  'expired',
  'withdrawn',
  'awaiting_redeem',
  'redeemed',
  'delivering',
  'lapsed',
] as const;

export type StoredState = (typeof STORED_STATES)[number];

/**
 * The states in which a request waits on an owner's decision
 * (partially_approved: one of two approvals given, issue 16): what
 * `countersign status` counts as waiting (app/cli/status.ts).
 */
export const WAITING_STATES = ['pending', 'partially_approved'] as const satisfies readonly StoredState[];

/** Who carries out an approved request: Countersign (built-ins), the agent (a grant), or a webhook. */
export type Runner = 'server' | 'agent' | 'webhook';
export type SecretState = 'none' | 'waiting' | 'taken' | 'lapsed';

/**
 * A request as every reader sees it. Its state and secret state are the
 * stored ones, except that a pending request past its window reads as
 * expired and a waiting secret past its life as lapsed, before any sweep
 * has written that: the clock that decides is the database's.
 */
export interface SignOffRow {
  tenantId: string;
  id: string;
  /** The asking agent; null for an owner-to-owner request (`tenant.*`), filed by `ownerId` (owner-proposals.ts). */
  agentId: string | null;
  ownerId: string;
  op: string;
  /** The defined operation's version the request pinned; null for a built-in. */
  opVersion: number | null;
  runner: Runner;
  repositoryId: string | null;
  repositoryCode: string | null;
  /** The approved input, canonical: what runs. The agent's own until an owner approves with changes (docs/sign-offs.md, S22). */
  input: string;
  inputHash: string;
  /** What the agent asked, canonical, and its hash: fixed when stored; the key an agent's retry finds the request by (S2, S18). */
  requestedInput: string;
  requestedInputHash: string;
  summary: string;
  reason: string | null;
  state: StoredState;
  requestedAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  note: string | null;
  finishedAt: Date | null;
  result: unknown;
  failure: string | null;
  secretState: SecretState;
  secretExpiresAt: Date | null;
  /** An AGENT operation's approval: until when its grant may be redeemed. */
  redeemBy: Date | null;
  redeemedAt: Date | null;
  /** Decided when the request was stored (risk.ts), lower-case as stored. */
  risk: 'low' | 'medium' | 'high';
  riskReasons: string[];
  /** 2: two approvals from two different owners of the tenant (docs/sign-offs.md, S20); fixed when stored. */
  approvalsRequired: 1 | 2;
  /** The owner's standing rule that approved it (docs/sign-offs.md, S19); null for an owner's own decision. */
  approvedByRule: string | null;
  /** The owner who denied it (any owner may deny a request needing two, S20); null unless an owner denied it. */
  deniedBy: string | null;
}

/** Every reader's columns of a request (`s` is `sign_offs`): the read-side statements (reads-store.ts) share them. */
export const COLUMNS = `
  s.tenant_id AS "tenantId", s.id, s.agent_id AS "agentId", s.owner_id AS "ownerId",
  s.op, s.op_version AS "opVersion", s.runner, s.repository_id AS "repositoryId", s.repository_code AS "repositoryCode",
  s.input, s.input_hash AS "inputHash", s.requested_input AS "requestedInput", s.requested_input_hash AS "requestedInputHash", s.summary, s.reason,
  CASE WHEN s.state IN ('pending', 'partially_approved') AND s.requested_at < now() - ${SIGN_OFF_WINDOW} THEN 'expired'
       WHEN s.state = 'awaiting_redeem' AND s.decided_at < now() - ${GRANT_LIFE} THEN 'lapsed'
       ELSE s.state END AS state,
  s.requested_at AS "requestedAt", s.requested_at + ${SIGN_OFF_WINDOW} AS "expiresAt",
  s.decided_at AS "decidedAt", s.note, s.finished_at AS "finishedAt", s.result, s.failure,
  CASE WHEN s.secret_state = 'waiting' AND s.decided_at < now() - ${SECRET_LIFE} THEN 'lapsed' ELSE s.secret_state END AS "secretState",
  CASE WHEN s.secret_state <> 'none' THEN s.decided_at + ${SECRET_LIFE} END AS "secretExpiresAt",
  CASE WHEN s.runner = 'agent' AND s.state IN ('awaiting_redeem', 'lapsed') THEN s.decided_at + ${GRANT_LIFE} END AS "redeemBy",
  s.redeemed_at AS "redeemedAt", s.risk, s.risk_reasons AS "riskReasons", s.approvals_required AS "approvalsRequired", s.approved_by_rule AS "approvedByRule",
  s.denied_by AS "deniedBy"`;

/**
 * Announces a change to one row of a CTE named `changed` (its tenant_id, id,
 * owner_id, agent_id). An owner-to-owner request has no agent: its `agentId`
 * travels as "", which names no agent, so no agent's subscription sees it.
 */
export const SIGN_OFF_CHANGED = notifySql('SIGN_OFF_CHANGED', 'changed.tenant_id', {
  signOffId: 'changed.id',
  ownerId: 'changed.owner_id',
  agentId: "coalesce(changed.agent_id::text, '')",
});

/** The statement that announces a change to the rows a CTE named `changed` returns. */
export const ANNOUNCE_CHANGED = `
    SELECT count(*)::int AS n FROM changed,
      LATERAL (SELECT ${SIGN_OFF_CHANGED}) AS n`;

/**
 * The state an approval moves a request to (`runner` is the row's): running
 * (SERVER), its grant awaiting redeem (AGENT), delivering (WEBHOOK). Every
 * statement that approves (an owner's decision, a second approval, a rule)
 * sets it from here.
 */
export const APPROVED_STATE = `CASE WHEN runner = 'agent' THEN 'awaiting_redeem' WHEN runner = 'webhook' THEN 'delivering' ELSE 'approved' END`;

/**
 * The rows every owner of the tenant reads, beside the owner's own (the
 * `sharedWithOwners` of `readerFilter`): a request needing two approvals is
 * its co-owners' to see and decide (docs/sign-offs.md, S20); one needing one
 * stays its owner's alone (docs/tenancy.md, T3).
 */
export const SHARED_WITH_CO_OWNERS = 's.approvals_required = 2';

export async function findSignOff(db: Queryable, tenantId: string, id: string, reader?: Reader): Promise<SignOffRow | null> {
  const params: unknown[] = [tenantId, id];
  const rows = await query<SignOffRow>(
    db,
    `/* findSignOff */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid ${reader ? `AND ${readerFilter(reader, params, 's', SHARED_WITH_CO_OWNERS)}` : ''}`,
    params,
  );
  return rows[0] ?? null;
}

/**
 * Takes the agent's row lock for the rest of the transaction, serialising
 * that agent's requests: the pending count and the look for an identical
 * request then cannot race. False when the agent is gone or revoked.
 */
export async function lockRequestingAgent(db: Queryable, tenantId: string, agentId: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* lockRequestingAgent */
    SELECT id FROM agents WHERE tenant_id = $1::uuid AND id = $2::uuid AND revoked_at IS NULL /* guard: only a live agent asks */ FOR NO KEY UPDATE`,
    [tenantId, agentId],
  );
  return rows.length === 1;
}

/**
 * Closes the agent's open requests that outlived their time (pending ones
 * past the window, grants past their life), so they stop counting as open.
 */
export async function expireAgentPending(db: Queryable, tenantId: string, agentId: string): Promise<void> {
  await query(
    db,
    `/* expireAgentPending */
    WITH changed AS (
      UPDATE sign_offs SET state = CASE WHEN state IN ('pending', 'partially_approved') THEN 'expired' ELSE 'lapsed' END,
                           decided_at = coalesce(decided_at, requested_at + ${SIGN_OFF_WINDOW})
       WHERE tenant_id = $1::uuid AND agent_id = $2::uuid
         AND ((state IN ('pending', 'partially_approved') /* guard: only a request waiting for an approval expires */ AND requested_at < now() - ${SIGN_OFF_WINDOW} /* guard: only past its window */)
           OR (state = 'awaiting_redeem' /* guard: only an unredeemed grant lapses */ AND decided_at < now() - ${GRANT_LIFE} /* guard: only past its life */))
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, agentId],
  );
}

/**
 * The agent's open request for the same operation, repository and asked
 * input (`inputHash` is the hash of what the agent asks: matched against
 * what it asked, however an owner edited it, S2), under its row lock.
 */
export async function findOpenRequest(
  db: Queryable,
  key: { tenantId: string; agentId: string; op: string; repositoryId: string | null; inputHash: string },
): Promise<SignOffRow | null> {
  const rows = await query<SignOffRow>(
    db,
    `/* findOpenRequest */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND s.agent_id = $2::uuid AND s.op = $3
       AND s.repository_id IS NOT DISTINCT FROM $4::uuid AND s.requested_input_hash = $5
       AND s.state IN ('pending', 'partially_approved', 'awaiting_redeem')`,
    [key.tenantId, key.agentId, key.op, key.repositoryId, key.inputHash],
  );
  return rows[0] ?? null;
}

/** The agent's open requests: waiting for an approval (a first or a second), or approved and waiting for the agent to redeem. */
export async function countPending(db: Queryable, tenantId: string, agentId: string): Promise<number> {
  const rows = await query<{ count: number }>(
    db,
    `/* countPending */
    SELECT count(*)::int AS count FROM sign_offs WHERE tenant_id = $1::uuid AND agent_id = $2::uuid
       AND state IN ('pending', 'partially_approved', 'awaiting_redeem')`,
    [tenantId, agentId],
  );
  return rows[0]!.count;
}

/** What an asking agent's request stores; the rest of a row is the database's to fill. */
export type NewSignOff = Pick<
  SignOffRow,
  | 'tenantId'
  | 'id'
  | 'agentId'
  | 'ownerId'
  | 'op'
  | 'opVersion'
  | 'runner'
  | 'repositoryId'
  | 'repositoryCode'
  | 'input'
  | 'inputHash'
  | 'summary'
  | 'reason'
  | 'risk'
  | 'riskReasons'
> & { /** 1 when left out (docs/sign-offs.md, S20). */ approvalsRequired?: 1 | 2 };

/** Inserts a pending request and announces it, in one statement. */
export async function insertSignOff(db: Queryable, s: NewSignOff): Promise<void> {
  await query(
    db,
    `/* insertSignOff */
    WITH changed AS (
      INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, op_version, runner, repository_id, repository_code, input, input_hash, summary, reason,
                             risk, risk_reasons, approvals_required)
      VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8::uuid, $9, $10, $11, $12, $13, $14, $15::text[], $16::smallint)
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [
      s.tenantId,
      s.id,
      s.agentId,
      s.ownerId,
      s.op,
      s.opVersion,
      s.runner,
      s.repositoryId,
      s.repositoryCode,
      s.input,
      s.inputHash,
      s.summary,
      s.reason,
      s.risk,
      s.riskReasons,
      s.approvalsRequired ?? 1,
    ],
  );
}

/**
 * The decision, in one conditional statement (which also announces it):
 * only a pending request, of this owner, inside its window, changes.
 * Whoever's statement commits first wins; every other decision finds
 * nothing to change. An approval moves the request to its runner's next
 * state: running (SERVER), its grant awaiting redeem (AGENT), delivering
 * (WEBHOOK). A request needing two approvals (S20) is any owner of the
 * tenant's to deny, pending or half-approved; its approvals are
 * `approveFirst` and `approveSecond` (two-person-store.ts), never this.
 */
export async function decidePending(db: Queryable, tenantId: string, ownerId: string, id: string, approve: boolean, note: string | null): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* decidePending */
    WITH changed AS (
      UPDATE sign_offs
         SET state = CASE WHEN NOT $4::boolean THEN 'denied' ELSE ${APPROVED_STATE} END,
             decided_at = now(), note = $5, denied_by = CASE WHEN NOT $4::boolean THEN $3::uuid END
       WHERE tenant_id = $1::uuid AND id = $2::uuid
         AND (owner_id = $3::uuid OR approvals_required = 2) /* guard: only the owner decides (a two-person request: any owner of the tenant) */
         AND (state = 'pending' OR (state = 'partially_approved' AND NOT $4::boolean)) /* guard: only an open request is decided */
         AND (NOT $4::boolean OR approvals_required = 1) /* guard: one approval decides only a request needing one */
         AND requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, id, ownerId, approve, note],
  );
  return rows[0]!.n === 1;
}

/** The asking agent withdraws its own pending request, under the same conditions as a decision. */
export async function withdrawPending(db: Queryable, tenantId: string, agentId: string, id: string): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* withdrawPending */
    WITH changed AS (
      UPDATE sign_offs SET state = 'withdrawn', decided_at = now()
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND agent_id = $3::uuid /* guard: only the asking agent withdraws */
         AND state IN ('pending', 'partially_approved') /* guard: only a request waiting for an approval is withdrawn */
         AND requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, id, agentId],
  );
  return rows[0]!.n === 1;
}

/** The `failure` of a request closed because its agent was revoked; its `reason` stays the agent's own. */
export const AGENT_REVOKED = 'agent revoked';

/**
 * Closes a revoked agent's open requests as withdrawn (pending ones,
 * approved ones whose deed has not run, grants not yet redeemed, deliveries
 * not yet made), announcing each, so no decision, sweep, redeem or delivery
 * acts for it later. An approved request keeps its decision and
 * note. A request whose deed is running is locked: this waits for its
 * outcome and then leaves it alone. `only` narrows to one request.
 * Expire past-window requests first (`expireAgentPending`): they were
 * never open to a decision, and stay expired.
 */
export async function withdrawRevokedAgentRequests(db: Queryable, tenantId: string, agentId: string, only?: string): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* withdrawRevokedAgentRequests */
    WITH changed AS (
      UPDATE sign_offs SET state = 'withdrawn', decided_at = coalesce(decided_at, now()), failure = $3
       WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND ($4::uuid IS NULL OR id = $4::uuid)
         AND (state IN ('approved', 'delivering') OR (state IN ('pending', 'partially_approved') AND requested_at >= now() - ${SIGN_OFF_WINDOW})
              OR (state = 'awaiting_redeem' AND decided_at >= now() - ${GRANT_LIFE})) /* guard: only open requests close */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, agentId, AGENT_REVOKED, only ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** Sweep: closes requests past their window, announcing each; returns how many. */
export async function expireOverdue(db: Queryable): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* expireOverdue */
    WITH changed AS (
      UPDATE sign_offs SET state = 'expired', decided_at = requested_at + ${SIGN_OFF_WINDOW}
       WHERE state IN ('pending', 'partially_approved') /* guard: only a request waiting for an approval expires */
         AND requested_at < now() - ${SIGN_OFF_WINDOW} /* guard: only past its window */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
  );
  return rows[0]?.n ?? 0;
}
