import type { Db } from '../db/database.js';
import { Prisma } from '../generated/prisma/client.js';
import { EVENTS_CHANNEL } from '../events/topics.js';
import type { AuthorityTerms, DrawAmount, LockedBalance } from './terms.js';

export type AuthorityStateName = 'active' | 'exhausted' | 'revoked' | 'expired' | 'not_yet_valid';

/** An authority's terms with its balance and its state at the database's now(). */
export interface AuthorityView {
  tenantId: string; id: string; agentId: string; ownerId: string; name: string;
  ceilingTokens: bigint | null; ceilingMinorUnits: bigint | null; currency: string | null; ceilingDraws: bigint | null;
  perDrawTokens: bigint | null; perDrawMinorUnits: bigint | null; notBefore: Date | null; notAfter: Date | null; createdAt: Date;
  drawnTokens: bigint; drawnMinorUnits: bigint; draws: bigint;
  remainingTokens: bigint | null; remainingMinorUnits: bigint | null; remainingDraws: bigint | null;
  revoked: boolean; revokedAt: Date | null; revokeReason: string | null;
  state: AuthorityStateName;
}

export interface ReceiptRow {
  tenantId: string; authorityId: string; dispatchKey: string; tokens: bigint; minorUnits: bigint;
  remainingTokens: bigint | null; remainingMinorUnits: bigint | null; remainingDraws: bigint | null;
  ordinal: bigint; drawnAt: Date;
}

/** Who may see an authority: the owner who issued it, or the agent it is for. */
export type AuthorityReader = { ownerId: string } | { agentId: string };

const VIEW = Prisma.sql`
  SELECT a.tenant_id AS "tenantId", a.id, a.agent_id AS "agentId", a.owner_id AS "ownerId", a.name,
         a.ceiling_tokens AS "ceilingTokens", a.ceiling_minor_units AS "ceilingMinorUnits", a.currency,
         a.ceiling_draws AS "ceilingDraws", a.per_draw_tokens AS "perDrawTokens", a.per_draw_minor_units AS "perDrawMinorUnits",
         a.not_before AS "notBefore", a.not_after AS "notAfter", a.created_at AS "createdAt",
         b.drawn_tokens AS "drawnTokens", b.drawn_minor_units AS "drawnMinorUnits", b.draws,
         b.remaining_tokens AS "remainingTokens", b.remaining_minor_units AS "remainingMinorUnits", b.remaining_draws AS "remainingDraws",
         b.revoked, b.revoked_at AS "revokedAt", b.revoke_reason AS "revokeReason",
         CASE WHEN b.revoked THEN 'revoked'
              WHEN a.not_before IS NOT NULL AND now() < a.not_before THEN 'not_yet_valid'
              WHEN a.not_after IS NOT NULL AND now() >= a.not_after THEN 'expired'
              WHEN b.remaining_tokens = 0 OR b.remaining_minor_units = 0 OR b.remaining_draws = 0 THEN 'exhausted'
              ELSE 'active' END AS state
    FROM authorities a
    JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.authority_id = a.id`;

function readerFilter(reader: AuthorityReader): Prisma.Sql {
  return 'ownerId' in reader ? Prisma.sql`a.owner_id = ${reader.ownerId}::uuid` : Prisma.sql`a.agent_id = ${reader.agentId}::uuid`;
}

export async function findAuthority(db: Db, tenantId: string, id: string, reader?: AuthorityReader): Promise<AuthorityView | null> {
  const rows = await db.$queryRaw<AuthorityView[]>`
    /* findAuthority */
    ${VIEW} WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${id} ${reader ? Prisma.sql`AND ${readerFilter(reader)}` : Prisma.empty}`;
  return rows[0] ?? null;
}

export function listAuthorities(db: Db, tenantId: string, reader: AuthorityReader): Promise<AuthorityView[]> {
  return db.$queryRaw<AuthorityView[]>`
    /* listAuthorities */
    ${VIEW} WHERE a.tenant_id = ${tenantId}::uuid AND ${readerFilter(reader)} ORDER BY a.created_at DESC, a.id`;
}

/** Inserts terms unless the id is taken; returns the canonical terms stored under the id either way. */
export async function insertTermsOrRead(db: Db, tenantId: string, id: string, terms: AuthorityTerms, canonical: string): Promise<string> {
  await db.$executeRaw`
    /* insertAuthorityTerms */
    INSERT INTO authorities (tenant_id, id, agent_id, owner_id, name, terms, ceiling_tokens, ceiling_minor_units, currency,
                             ceiling_draws, per_draw_tokens, per_draw_minor_units, not_before, not_after)
    VALUES (${tenantId}::uuid, ${id}, ${terms.agentId}::uuid, ${terms.ownerId}::uuid, ${terms.name}, ${canonical},
            ${terms.tokens}::bigint, ${terms.minorUnits}::bigint, ${terms.currency}, ${terms.draws}::bigint,
            ${terms.perDrawTokens}::bigint, ${terms.perDrawMinorUnits}::bigint, ${terms.notBefore}::timestamptz, ${terms.notAfter}::timestamptz)
    ON CONFLICT (tenant_id, id) DO NOTHING`;
  const stored = await db.$queryRaw<{ terms: string }[]>`
    /* readAuthorityTerms */
    SELECT terms FROM authorities WHERE tenant_id = ${tenantId}::uuid AND id = ${id}`;
  return stored[0]!.terms;
}

/** The balance row of new terms, its remaining counters starting at the ceilings. */
export async function insertBalance(db: Db, tenantId: string, id: string, terms: AuthorityTerms): Promise<boolean> {
  const inserted = await db.$executeRaw`
    /* insertAuthorityBalance */
    INSERT INTO authority_balances (tenant_id, authority_id, remaining_tokens, remaining_minor_units, remaining_draws)
    VALUES (${tenantId}::uuid, ${id}, ${terms.tokens}::bigint, ${terms.minorUnits}::bigint, ${terms.draws}::bigint)
    ON CONFLICT (tenant_id, authority_id) DO NOTHING`;
  return inserted === 1;
}

/** A landed draw of the agent's, by dispatch key (another agent's receipts never match). */
export async function findReceipt(db: Db, tenantId: string, authorityId: string, agentId: string, dispatchKey: string): Promise<ReceiptRow | null> {
  const rows = await db.$queryRaw<ReceiptRow[]>`
    /* findReceipt */
    SELECT r.tenant_id AS "tenantId", r.authority_id AS "authorityId", r.dispatch_key AS "dispatchKey", r.tokens, r.minor_units AS "minorUnits",
           r.remaining_tokens AS "remainingTokens", r.remaining_minor_units AS "remainingMinorUnits", r.remaining_draws AS "remainingDraws",
           r.ordinal, r.drawn_at AS "drawnAt"
      FROM authority_receipts r
      JOIN authorities a ON a.tenant_id = r.tenant_id AND a.id = r.authority_id
     WHERE r.tenant_id = ${tenantId}::uuid AND r.authority_id = ${authorityId} AND r.dispatch_key = ${dispatchKey}
       AND a.agent_id = ${agentId}::uuid`;
  return rows[0] ?? null;
}

/** Terms of the agent's authority, with its balance locked until the transaction ends. */
export async function lockForDraw(db: Db, tenantId: string, authorityId: string, agentId: string): Promise<(AuthorityView & LockedBalance) | null> {
  const rows = await db.$queryRaw<(AuthorityView & LockedBalance)[]>`
    /* lockForDraw */
    SELECT q.*, now() AS now FROM (${VIEW} WHERE a.tenant_id = ${tenantId}::uuid AND a.id = ${authorityId} AND a.agent_id = ${agentId}::uuid FOR UPDATE OF b) q`;
  return rows[0] ?? null;
}

/**
 * Moves the balance and writes the receipt in one statement, announcing the
 * change: they commit together or not at all. The CHECKs on the remaining
 * counters make an overdraw fail here even if the decision before it erred.
 */
export async function applyDraw(db: Db, tenantId: string, authority: { id: string; ownerId: string; agentId: string }, dispatchKey: string, draw: DrawAmount): Promise<ReceiptRow> {
  const rows = await db.$queryRaw<ReceiptRow[]>`
    /* applyDraw */
    WITH moved AS (
      UPDATE authority_balances
         SET drawn_tokens = drawn_tokens + ${draw.tokens}::bigint, drawn_minor_units = drawn_minor_units + ${draw.minorUnits}::bigint,
             draws = draws + 1, remaining_tokens = remaining_tokens - ${draw.tokens}::bigint,
             remaining_minor_units = remaining_minor_units - ${draw.minorUnits}::bigint, remaining_draws = remaining_draws - 1
       WHERE tenant_id = ${tenantId}::uuid AND authority_id = ${authority.id}
      RETURNING remaining_tokens, remaining_minor_units, remaining_draws, draws
    ), receipt AS (
      INSERT INTO authority_receipts (tenant_id, authority_id, dispatch_key, tokens, minor_units, remaining_tokens, remaining_minor_units, remaining_draws, ordinal)
      SELECT ${tenantId}::uuid, ${authority.id}, ${dispatchKey}, ${draw.tokens}::bigint, ${draw.minorUnits}::bigint,
             remaining_tokens, remaining_minor_units, remaining_draws, draws FROM moved
      RETURNING *
    )
    SELECT tenant_id AS "tenantId", authority_id AS "authorityId", dispatch_key AS "dispatchKey", tokens, minor_units AS "minorUnits",
           remaining_tokens AS "remainingTokens", remaining_minor_units AS "remainingMinorUnits", remaining_draws AS "remainingDraws",
           ordinal, drawn_at AS "drawnAt"
      FROM receipt,
           LATERAL (SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object('topic', 'AUTHORITY_CHANGED', 'tenantId', tenant_id,
             'payload', json_build_object('authorityId', authority_id, 'ownerId', ${authority.ownerId}::text, 'agentId', ${authority.agentId}::text))::text)) AS notice`;
  return rows[0]!;
}

/** Revokes the owner's authority unless already revoked: idempotent, and the first reason stays. */
export async function revokeIfLive(db: Db, tenantId: string, ownerId: string, id: string, reason: string): Promise<boolean> {
  const changed = await db.$executeRaw`
    /* revokeAuthority */
    UPDATE authority_balances b SET revoked = true, revoked_at = now(), revoke_reason = ${reason}
      FROM authorities a
     WHERE a.tenant_id = b.tenant_id AND a.id = b.authority_id
       AND b.tenant_id = ${tenantId}::uuid AND b.authority_id = ${id} AND a.owner_id = ${ownerId}::uuid AND NOT b.revoked`;
  return changed === 1;
}

/** Receipts of one authority, newest first, after an ordinal when paging. */
export async function listReceipts(db: Db, tenantId: string, authorityId: string, first: number, beforeOrdinal: bigint | undefined): Promise<ReceiptRow[]> {
  return db.$queryRaw<ReceiptRow[]>`
    /* listReceipts */
    SELECT tenant_id AS "tenantId", authority_id AS "authorityId", dispatch_key AS "dispatchKey", tokens, minor_units AS "minorUnits",
           remaining_tokens AS "remainingTokens", remaining_minor_units AS "remainingMinorUnits", remaining_draws AS "remainingDraws",
           ordinal, drawn_at AS "drawnAt"
      FROM authority_receipts
     WHERE tenant_id = ${tenantId}::uuid AND authority_id = ${authorityId}
       ${beforeOrdinal !== undefined ? Prisma.sql`AND ordinal < ${beforeOrdinal}::bigint` : Prisma.empty}
     ORDER BY ordinal DESC LIMIT ${first + 1}`;
}
