import { query, toBigInt, toBigIntOrNull, type Queryable } from '../../platform/db/sql.js';
import { notifySql } from '../../platform/events/notify-sql.js';
import { readerFilter, type Reader } from '../../platform/lib/reader.js';
import type { AuthorityTerms, DrawAmount, LockedBalance } from './terms.js';

export type AuthorityStateName = 'active' | 'exhausted' | 'revoked' | 'expired' | 'not_yet_valid';

/** An authority's terms with its balance (as a draw locks it) and its state at the database's now(). */
export interface AuthorityView extends Omit<LockedBalance, 'now'> {
  tenantId: string;
  id: string;
  agentId: string;
  ownerId: string;
  name: string;
  ceilingTokens: bigint | null;
  ceilingMinorUnits: bigint | null;
  currency: string | null;
  ceilingDraws: bigint | null;
  perDrawTokens: bigint | null;
  perDrawMinorUnits: bigint | null;
  notBefore: Date | null;
  notAfter: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  state: AuthorityStateName;
  /** The `authority.grant` request whose approval issued it; null when the owner issued it directly. */
  signOffId: string | null;
  /** When the latest draw landed; null before the first. */
  lastDrawnAt: Date | null;
}

export interface ReceiptRow {
  tenantId: string;
  ownerId: string;
  authorityId: string;
  dispatchKey: string;
  tokens: bigint;
  minorUnits: bigint;
  remainingTokens: bigint | null;
  remainingMinorUnits: bigint | null;
  remainingDraws: bigint | null;
  ordinal: bigint;
  drawnAt: Date;
}

/** A landed draw as the mutation returns it; its authority is read only when selected. */
export interface DrawnResult {
  receipt: ReceiptRow;
  replayed: boolean;
}

const VIEW = `
  SELECT a.tenant_id AS "tenantId", a.id, a.agent_id AS "agentId", a.owner_id AS "ownerId", a.name,
         a.ceiling_tokens AS "ceilingTokens", a.ceiling_minor_units AS "ceilingMinorUnits", a.currency,
         a.ceiling_draws AS "ceilingDraws", a.per_draw_tokens AS "perDrawTokens", a.per_draw_minor_units AS "perDrawMinorUnits",
         a.not_before AS "notBefore", a.not_after AS "notAfter", a.created_at AS "createdAt", a.sign_off_id AS "signOffId",
         (SELECT r.drawn_at FROM authority_receipts r
           WHERE r.tenant_id = a.tenant_id AND r.owner_id = a.owner_id AND r.authority_id = a.id ORDER BY r.ordinal DESC LIMIT 1) AS "lastDrawnAt",
         b.drawn_tokens AS "drawnTokens", b.drawn_minor_units AS "drawnMinorUnits", b.draws,
         b.remaining_tokens AS "remainingTokens", b.remaining_minor_units AS "remainingMinorUnits", b.remaining_draws AS "remainingDraws",
         b.revoked, b.revoked_at AS "revokedAt", b.revoke_reason AS "revokeReason",
         CASE WHEN b.revoked THEN 'revoked'
              WHEN a.not_before IS NOT NULL AND now() < a.not_before THEN 'not_yet_valid'
              WHEN a.not_after IS NOT NULL AND now() >= a.not_after THEN 'expired'
              -- Exhausted when no draw can fit any more: the draws ceiling is reached,
              -- or neither tokens (capped and used up) nor money (used up) is left.
              WHEN b.remaining_draws = 0
                OR NOT ((b.remaining_tokens IS NULL OR b.remaining_tokens > 0) OR coalesce(b.remaining_minor_units, 0) > 0) THEN 'exhausted'
              ELSE 'active' END AS state
    FROM authorities a
    JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id`;

const RECEIPT_COLUMNS = `tenant_id AS "tenantId", owner_id AS "ownerId", authority_id AS "authorityId", dispatch_key AS "dispatchKey", tokens, minor_units AS "minorUnits",
  remaining_tokens AS "remainingTokens", remaining_minor_units AS "remainingMinorUnits", remaining_draws AS "remainingDraws",
  ordinal, drawn_at AS "drawnAt"`;

function toView<T extends AuthorityView>(row: T): T {
  return {
    ...row,
    ceilingTokens: toBigIntOrNull(row.ceilingTokens),
    ceilingMinorUnits: toBigIntOrNull(row.ceilingMinorUnits),
    ceilingDraws: toBigIntOrNull(row.ceilingDraws),
    perDrawTokens: toBigIntOrNull(row.perDrawTokens),
    perDrawMinorUnits: toBigIntOrNull(row.perDrawMinorUnits),
    drawnTokens: toBigInt(row.drawnTokens),
    drawnMinorUnits: toBigInt(row.drawnMinorUnits),
    draws: toBigInt(row.draws),
    remainingTokens: toBigIntOrNull(row.remainingTokens),
    remainingMinorUnits: toBigIntOrNull(row.remainingMinorUnits),
    remainingDraws: toBigIntOrNull(row.remainingDraws),
  };
}

function toReceipt(row: ReceiptRow): ReceiptRow {
  return {
    ...row,
    tokens: toBigInt(row.tokens),
    minorUnits: toBigInt(row.minorUnits),
    ordinal: toBigInt(row.ordinal),
    remainingTokens: toBigIntOrNull(row.remainingTokens),
    remainingMinorUnits: toBigIntOrNull(row.remainingMinorUnits),
    remainingDraws: toBigIntOrNull(row.remainingDraws),
  };
}

export async function findAuthority(db: Queryable, tenantId: string, id: string, reader: Reader): Promise<AuthorityView | null> {
  const params: unknown[] = [tenantId, id];
  const rows = await query<AuthorityView>(
    db,
    `/* findAuthority */ ${VIEW}
    WHERE a.tenant_id = $1::uuid AND a.id = $2 AND ${readerFilter(reader, params, 'a')}`,
    params,
  );
  return rows[0] ? toView(rows[0]) : null;
}

/**
 * A page of the reader's authorities, newest first, `limit` rows after the
 * authority `after` (its creation time read by its id under the same
 * owner); authorities_by_owner and authorities_by_agent serve the order.
 */
export async function listAuthorities(db: Queryable, tenantId: string, reader: Reader, limit: number, after: string | undefined): Promise<AuthorityView[]> {
  const params: unknown[] = [tenantId, after ?? null, limit, reader.ownerId];
  // $4 is the reader's owner: the cursor's row is looked up once, under the owner, not per row.
  const rows = await query<AuthorityView>(
    db,
    `/* listAuthorities */ ${VIEW}
    WHERE a.tenant_id = $1::uuid AND ${readerFilter(reader, params, 'a')}
      AND ($2::text IS NULL OR (a.created_at, a.id) < ((SELECT c.created_at FROM authorities c WHERE c.tenant_id = $1::uuid AND c.owner_id = $4::uuid AND c.id = $2), $2))
    ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
    params,
  );
  return rows.map(toView);
}

/**
 * Holds the agent's row (FOR SHARE) while an authority is issued for it, if
 * it is still live. A revocation updates that row, so the two serialise:
 * an authority is either issued before the revocation commits, or refused.
 */
export async function lockLiveAgent(db: Queryable, tenantId: string, ownerId: string, agentId: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* lockLiveAgent */
    SELECT 1 FROM agents WHERE tenant_id = $1::uuid AND owner_id = $2::uuid /* guard: only the owner's agent */ AND id = $3::uuid AND revoked_at IS NULL /* guard: only a live agent gets an authority */ FOR SHARE`,
    [tenantId, ownerId, agentId],
  );
  return rows.length === 1;
}

/**
 * Locks the balance rows of every authority the agent holds, in id order
 * (a draw locks one, so the two never deadlock). A revocation or a key
 * rotation takes them before it commits: a draw that has checked the agent
 * under its lock commits first, and one still waiting re-reads the agent
 * once it gets the lock and finds it revoked or its key replaced (rule A6).
 */
export async function holdAgentDraws(db: Queryable, tenantId: string, ownerId: string, agentId: string): Promise<void> {
  await query(
    db,
    `/* holdAgentDraws */
    SELECT 1 FROM authority_balances b JOIN authorities a ON a.tenant_id = b.tenant_id AND a.owner_id = b.owner_id AND a.id = b.authority_id
     WHERE a.tenant_id = $1::uuid AND a.owner_id = $2::uuid AND a.agent_id = $3::uuid
     ORDER BY b.authority_id FOR UPDATE OF b`,
    [tenantId, ownerId, agentId],
  );
}

/**
 * Inserts terms unless the owner has used the id already; returns the
 * canonical terms the owner has under the id either way. `signOffId` names
 * the authority.grant request that issues them (null when the owner does).
 */
export async function insertTermsOrRead(
  db: Queryable,
  tenantId: string,
  id: string,
  terms: AuthorityTerms,
  canonical: string,
  signOffId: string | null,
): Promise<string> {
  await query(
    db,
    `/* insertAuthorityTerms */
    INSERT INTO authorities (tenant_id, id, agent_id, owner_id, name, terms, ceiling_tokens, ceiling_minor_units, currency,
                             ceiling_draws, per_draw_tokens, per_draw_minor_units, not_before, not_after, sign_off_id)
    VALUES ($1::uuid, $2, $3::uuid, $4::uuid, $5, $6, $7::bigint, $8::bigint, $9, $10::bigint, $11::bigint, $12::bigint, $13::timestamptz, $14::timestamptz, $15::uuid)
    ON CONFLICT (tenant_id, owner_id, id) DO NOTHING
    RETURNING 1 AS inserted`,
    [
      tenantId,
      id,
      terms.agentId,
      terms.ownerId,
      terms.name,
      canonical,
      terms.tokens,
      terms.minorUnits,
      terms.currency,
      terms.draws,
      terms.perDrawTokens,
      terms.perDrawMinorUnits,
      terms.notBefore,
      terms.notAfter,
      signOffId,
    ],
  );
  const stored = await query<{ terms: string }>(
    db,
    `/* readAuthorityTerms */
    SELECT terms FROM authorities WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND id = $3`,
    [tenantId, terms.ownerId, id],
  );
  return stored[0]!.terms;
}

/** The balance row of new terms, its remaining counters starting at the ceilings. */
export async function insertBalance(db: Queryable, tenantId: string, id: string, terms: AuthorityTerms): Promise<boolean> {
  const inserted = await query(
    db,
    `/* insertAuthorityBalance */
    INSERT INTO authority_balances (tenant_id, owner_id, authority_id, remaining_tokens, remaining_minor_units, remaining_draws)
    VALUES ($1::uuid, $2::uuid, $3, $4::bigint, $5::bigint, $6::bigint)
    ON CONFLICT (tenant_id, owner_id, authority_id) DO NOTHING
    RETURNING 1 AS inserted`,
    [tenantId, terms.ownerId, id, terms.tokens, terms.minorUnits, terms.draws],
  );
  return inserted.length === 1;
}

/** The agent under its owner: whose authorities it may draw on. */
export interface Drawer {
  ownerId: string;
  agentId: string;
}

/** Announced by the draw's own statement, so only when it drew, and only if it commits. */
const ANNOUNCED_IN_STATEMENT = `
      LEFT JOIN LATERAL (SELECT ${notifySql('AUTHORITY_CHANGED', 'd.tenant_id', { authorityId: '$2', ownerId: 'd.owner_id', agentId: 'd.agent_id' })} AS announced
                          WHERE d.verdict = 'drawn') notice ON true`;

/** What one call of `draw_authority` answers (its verdicts: prisma/migrations/20261207090000_draw_in_one_call). */
export interface DrawCall {
  verdict: string;
  /** The agent the key opened, and its owner; null when it opened nothing. */
  tenantId: string | null;
  ownerId: string | null;
  agentId: string | null;
  revokeReason: string | null;
  currency: string | null;
  perDrawTokens: bigint | null;
  perDrawMinorUnits: bigint | null;
  /** The receipt's amounts (drawn or prior); null otherwise. */
  tokens: bigint | null;
  minorUnits: bigint | null;
  /** After the receipt's draw (drawn or prior), or as locked (a refusal). */
  remainingTokens: bigint | null;
  remainingMinorUnits: bigint | null;
  remainingDraws: bigint | null;
  ordinal: bigint | null;
  drawnAt: Date | null;
}

/**
 * The whole draw in one call (rule A6): authenticates the key, looks for the
 * receipt, locks the balance, checks the agent is still live, decides and
 * writes, inside the database. Sent in autocommit it is one round trip, and
 * the row lock is never held while a client or the network takes its turn.
 * `announce` adds the AUTHORITY_CHANGED notification to the statement itself;
 * without it the caller announces after the commit (see draw-announcer.ts).
 */
export async function drawInOneCall(
  db: Queryable,
  keyHash: string,
  authorityId: string,
  dispatchKey: string,
  draw: DrawAmount,
  announce: boolean,
): Promise<DrawCall> {
  const rows = await query<DrawCall>(
    db,
    `/* drawAuthority */
    SELECT d.verdict, d.tenant_id AS "tenantId", d.owner_id AS "ownerId", d.agent_id AS "agentId", d.revoke_reason AS "revokeReason", d.currency,
           d.per_draw_tokens AS "perDrawTokens", d.per_draw_minor_units AS "perDrawMinorUnits", d.tokens, d.minor_units AS "minorUnits",
           d.remaining_tokens AS "remainingTokens", d.remaining_minor_units AS "remainingMinorUnits", d.remaining_draws AS "remainingDraws",
           d.ordinal, d.drawn_at AS "drawnAt"
      FROM draw_authority($1, $2, $3, $4::bigint, $5::bigint) d ${announce ? ANNOUNCED_IN_STATEMENT : ''}`,
    [keyHash, authorityId, dispatchKey, draw.tokens, draw.minorUnits],
  );
  const row = rows[0]!;
  return {
    ...row,
    perDrawTokens: toBigIntOrNull(row.perDrawTokens),
    perDrawMinorUnits: toBigIntOrNull(row.perDrawMinorUnits),
    tokens: toBigIntOrNull(row.tokens),
    minorUnits: toBigIntOrNull(row.minorUnits),
    remainingTokens: toBigIntOrNull(row.remainingTokens),
    remainingMinorUnits: toBigIntOrNull(row.remainingMinorUnits),
    remainingDraws: toBigIntOrNull(row.remainingDraws),
    ordinal: toBigIntOrNull(row.ordinal),
  };
}

/** Revokes the owner's authority unless already revoked: idempotent, and the first reason stays. */
export async function revokeIfLive(db: Queryable, tenantId: string, ownerId: string, id: string, reason: string): Promise<boolean> {
  const changed = await query(
    db,
    `/* revokeAuthority */
    UPDATE authority_balances SET revoked = true, revoked_at = now(), revoke_reason = $4
     WHERE tenant_id = $1::uuid AND owner_id = $3::uuid AND authority_id = $2 AND NOT revoked /* guard: the first revocation's reason stays */
    RETURNING 1 AS revoked`,
    [tenantId, id, ownerId, reason],
  );
  return changed.length === 1;
}

/** Receipts of one authority, newest first, below an ordinal when paging. */
export async function listReceipts(
  db: Queryable,
  authority: { tenantId: string; ownerId: string; id: string },
  first: number,
  beforeOrdinal: bigint | undefined,
): Promise<ReceiptRow[]> {
  const rows = await query<ReceiptRow>(
    db,
    `/* listReceipts */
    SELECT ${RECEIPT_COLUMNS} FROM authority_receipts
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND authority_id = $3 AND ($4::bigint IS NULL OR ordinal < $4::bigint)
     ORDER BY ordinal DESC LIMIT $5`,
    [authority.tenantId, authority.ownerId, authority.id, beforeOrdinal === undefined ? null : beforeOrdinal.toString(), first + 1],
  );
  return rows.map(toReceipt);
}
