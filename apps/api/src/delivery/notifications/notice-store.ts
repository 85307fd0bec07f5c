import { query, type Queryable } from '../../platform/db/sql.js';
import { SIGN_OFF_WINDOW } from '../../domains/signoffs/policy.js';
import type { SignOffRow } from '../../domains/signoffs/store.js';
import type { AgentSnapshot, AuthoritySnapshot } from './notice.js';

/**
 * A request with its agent, repository, owner and operation version, as the
 * fan-out reads it: one statement per event. Its own columns are typed as
 * every reader's row types them; `state` is the stored one, not the read-time one.
 */
export interface SignOffSubject extends Pick<
  SignOffRow,
  | 'id'
  | 'op'
  | 'opVersion'
  | 'repositoryId'
  | 'input'
  | 'inputHash'
  | 'summary'
  | 'reason'
  | 'requestedAt'
  | 'expiresAt'
  | 'decidedAt'
  | 'note'
  | 'finishedAt'
  | 'result'
  | 'failure'
> {
  /** Null for an owner-to-owner request (docs/sign-offs.md, S21): its owner filed it. */
  agentId: string | null;
  agentName: string | null;
  repositoryName: string | null;
  state: string;
  /** The request's owner and their address; a co-owner told of a two-person request is addressed by their own (read-notice.ts). */
  ownerId: string;
  ownerEmail: string;
  /** As decided when the request was stored (domains/signoffs/risk/risk.ts). */
  risk: string;
  riskReasons: string[];
  /** Still waiting for a decision, or a second approval (a reminder of a decided or closed request tells no one). */
  open: boolean;
  /**
   * The defined operation version the request pinned, read in the same
   * statement (its summary, irreversibility and input schema's text, which
   * labels the effect's values); all null for a built-in, which the
   * catalogue in memory describes.
   */
  operationSummary: string | null;
  operationIrreversible: boolean | null;
  operationInputSchema: string | null;
  /** The version's effect template and field order (O3): the effect reads as the owner wrote it on every channel. */
  operationEffectTemplate: string | null;
  operationFieldOrder: string[] | null;
}

export async function readSignOffSubject(db: Queryable, tenantId: string, signOffId: string): Promise<SignOffSubject | null> {
  const rows = await query<SignOffSubject>(
    db,
    `/* readSignOffSubject */
    SELECT s.id, s.op, s.op_version AS "opVersion", s.agent_id AS "agentId", g.name AS "agentName",
           s.repository_id AS "repositoryId", r.name AS "repositoryName", s.input, s.input_hash AS "inputHash", s.summary, s.reason,
           s.state, s.requested_at AS "requestedAt", s.requested_at + ${SIGN_OFF_WINDOW} AS "expiresAt", s.decided_at AS "decidedAt",
           s.note, s.finished_at AS "finishedAt", s.result, s.failure, s.owner_id AS "ownerId", o.email AS "ownerEmail", s.risk, s.risk_reasons AS "riskReasons",
           (s.state IN ('pending', 'partially_approved') AND s.requested_at + ${SIGN_OFF_WINDOW} > now()) AS open,
           v.summary AS "operationSummary", v.irreversible AS "operationIrreversible", v.input_schema AS "operationInputSchema",
           v.effect_template AS "operationEffectTemplate", v.field_order AS "operationFieldOrder"
      FROM sign_offs s
      -- LEFT: an owner-to-owner request has no agent (its owner, o, proposed it) and is told all the same.
      LEFT JOIN agents g ON g.tenant_id = s.tenant_id AND g.id = s.agent_id
      JOIN owners o ON o.tenant_id = s.tenant_id AND o.id = s.owner_id
      LEFT JOIN repositories r ON r.tenant_id = s.tenant_id AND r.id = s.repository_id
      -- LEFT: a built-in pins no version (op_version is null); a defined request's version is kept for as long as the request.
      LEFT JOIN operations v ON v.tenant_id = s.tenant_id AND v.op = s.op AND v.version = s.op_version
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid`,
    [tenantId, signOffId],
  );
  return rows[0] ?? null;
}

export async function readAuthoritySubject(
  db: Queryable,
  tenantId: string,
  ownerId: string,
  authorityId: string,
): Promise<(AuthoritySnapshot & { ownerEmail: string }) | null> {
  const rows = await query<{
    id: string;
    name: string;
    agentId: string;
    agentName: string;
    currency: string | null;
    ceilingTokens: string | null;
    ceilingMinorUnits: string | null;
    ceilingDraws: string | null;
    drawnTokens: string;
    drawnMinorUnits: string;
    draws: string;
    remainingTokens: string | null;
    remainingMinorUnits: string | null;
    remainingDraws: string | null;
    ownerEmail: string;
  }>(
    db,
    `/* readAuthoritySubject */
    SELECT a.id, a.name, a.agent_id AS "agentId", g.name AS "agentName", a.currency,
           a.ceiling_tokens::text AS "ceilingTokens", a.ceiling_minor_units::text AS "ceilingMinorUnits", a.ceiling_draws::text AS "ceilingDraws",
           b.drawn_tokens::text AS "drawnTokens", b.drawn_minor_units::text AS "drawnMinorUnits", b.draws::text AS draws,
           b.remaining_tokens::text AS "remainingTokens", b.remaining_minor_units::text AS "remainingMinorUnits", b.remaining_draws::text AS "remainingDraws",
           o.email AS "ownerEmail"
      FROM authorities a
      JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
      JOIN agents g ON g.tenant_id = a.tenant_id AND g.id = a.agent_id
      JOIN owners o ON o.tenant_id = a.tenant_id AND o.id = a.owner_id
     WHERE a.tenant_id = $1::uuid AND a.owner_id = $2::uuid AND a.id = $3`,
    [tenantId, ownerId, authorityId],
  );
  const row = rows[0];
  if (!row) return null;
  // Totals are at most 2^53 − 1 (a CHECK holds them there), so numbers are exact.
  const num = (value: string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    name: row.name,
    agent: { id: row.agentId, name: row.agentName },
    currency: row.currency,
    ceiling: { tokens: num(row.ceilingTokens), minorUnits: num(row.ceilingMinorUnits), draws: num(row.ceilingDraws) },
    drawn: { tokens: Number(row.drawnTokens), minorUnits: Number(row.drawnMinorUnits), draws: Number(row.draws) },
    remaining: { tokens: num(row.remainingTokens), minorUnits: num(row.remainingMinorUnits), draws: num(row.remainingDraws) },
    ownerEmail: row.ownerEmail,
  };
}

export async function readAgentSubject(db: Queryable, tenantId: string, agentId: string): Promise<(AgentSnapshot & { ownerEmail: string }) | null> {
  const rows = await query<{ id: string; name: string; revokedAt: Date | null; ownerEmail: string }>(
    db,
    `/* readAgentSubject */
    SELECT g.id, g.name, g.revoked_at AS "revokedAt", o.email AS "ownerEmail"
      FROM agents g JOIN owners o ON o.tenant_id = g.tenant_id AND o.id = g.owner_id
     WHERE g.tenant_id = $1::uuid AND g.id = $2::uuid`,
    [tenantId, agentId],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, revokedAt: row.revokedAt?.toISOString() ?? null, ownerEmail: row.ownerEmail } : null;
}

/** An owner's email (null: no such owner), for an event about the tenant rather than an object of theirs. */
export async function readOwnerEmail(db: Queryable, tenantId: string, ownerId: string): Promise<string | null> {
  const rows = await query<{ email: string }>(db, `/* readOwnerEmail */ SELECT email FROM owners WHERE tenant_id = $1 AND id = $2`, [tenantId, ownerId]);
  return rows[0]?.email ?? null;
}
