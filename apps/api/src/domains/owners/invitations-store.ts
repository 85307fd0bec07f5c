import { query, type Queryable } from '../../platform/db/sql.js';
import type { OwnerRow } from './store.js';

/** How long an invitation link stays usable, as SQL (a constant, never input): the database's clock decides. */
export const INVITATION_LIFE = `interval '72 hours'`;

/** An invitation as the inviting tenant's owners see it; its token is never stored. */
export interface InvitationRow {
  tenantId: string;
  id: string;
  invitedBy: string;
  note: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedOwnerId: string | null;
  revokedAt: Date | null;
  signOffId: string | null;
  /** Read at the database's now: an unaccepted, unrevoked invitation past its end reads as expired. */
  state: 'pending' | 'accepted' | 'expired' | 'revoked';
}

const COLUMNS = `
  i.tenant_id AS "tenantId", i.id, i.invited_by AS "invitedBy", i.note, i.created_at AS "createdAt", i.expires_at AS "expiresAt",
  i.accepted_at AS "acceptedAt", i.accepted_owner_id AS "acceptedOwnerId", i.revoked_at AS "revokedAt", i.sign_off_id AS "signOffId",
  CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
       WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END AS state`;

/** Writes an invitation, valid for INVITATION_LIFE from now; only the token's hash is kept. */
export async function insertInvitation(
  db: Queryable,
  invitation: { tenantId: string; id: string; invitedBy: string; note: string | null; tokenHash: string; signOffId: string | null },
): Promise<InvitationRow> {
  const rows = await query<InvitationRow>(
    db,
    `/* insertInvitation */
    WITH i AS (
      INSERT INTO owner_invitations (tenant_id, id, invited_by, note, token_hash, expires_at, sign_off_id)
      VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, now() + ${INVITATION_LIFE}, $6::uuid)
      RETURNING *
    ) SELECT ${COLUMNS} FROM i`,
    [invitation.tenantId, invitation.id, invitation.invitedBy, invitation.note, invitation.tokenHash, invitation.signOffId],
  );
  return rows[0]!;
}

/** The tenant's invitations, newest first (every owner of the tenant sees them: they decide who joins). */
export function listInvitations(db: Queryable, tenantId: string): Promise<InvitationRow[]> {
  return query<InvitationRow>(
    db,
    `/* listInvitations */
    SELECT ${COLUMNS} FROM owner_invitations i WHERE i.tenant_id = $1::uuid ORDER BY i.created_at DESC, i.id LIMIT 200`,
    [tenantId],
  );
}

/** What the acceptance page may show before anyone signs in: only that the link is live, and for which tenant. */
export async function findUsableInvitation(db: Queryable, tokenHash: string): Promise<{ tenantId: string; expiresAt: Date } | null> {
  const rows = await query<{ tenantId: string; expiresAt: Date }>(
    db,
    `/* findUsableInvitation */
    SELECT tenant_id AS "tenantId", expires_at AS "expiresAt" FROM owner_invitations
     WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Claims the invitation for a new owner whose id is chosen now (the owner row
 * follows in the same transaction; its foreign key is checked at commit).
 * One conditional update: of racing acceptances exactly one changes the row.
 * Returns the tenant the owner joins, or null when the token is unknown,
 * used, revoked or expired.
 */
export async function claimInvitation(db: Queryable, tokenHash: string, ownerId: string): Promise<{ tenantId: string; id: string } | null> {
  const rows = await query<{ tenantId: string; id: string }>(
    db,
    `/* claimInvitation */
    UPDATE owner_invitations SET accepted_at = now(), accepted_owner_id = $2::uuid
     WHERE token_hash = $1
       AND accepted_at IS NULL /* guard: an invitation is used once */
       AND revoked_at IS NULL /* guard: a revoked invitation admits no one */
       AND expires_at > now() /* guard: an expired invitation admits no one */
    RETURNING tenant_id AS "tenantId", id`,
    [tokenHash, ownerId],
  );
  return rows[0] ?? null;
}

/** Revokes a pending invitation of the tenant; false when there is none by that id that is still pending. */
export async function revokeInvitation(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* revokeInvitation */
    UPDATE owner_invitations SET revoked_at = now()
     WHERE tenant_id = $1::uuid AND id = $2::uuid AND accepted_at IS NULL /* guard: an accepted invitation stays accepted */
       AND revoked_at IS NULL /* guard: revoked once */
    RETURNING id`,
    [tenantId, id],
  );
  return rows.length === 1;
}

/**
 * Revokes every invitation of the tenant still pending (not accepted, not
 * revoked, not expired), returning them as revoked: a second owner's
 * joining closes the ways in its first owner made alone (docs/tenancy.md, T11).
 */
export function revokeOpenInvitations(db: Queryable, tenantId: string): Promise<InvitationRow[]> {
  return query<InvitationRow>(
    db,
    `/* revokeOpenInvitations */
    WITH i AS (
      UPDATE owner_invitations SET revoked_at = now()
       WHERE tenant_id = $1::uuid AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() /* guard: pending only */
      RETURNING *
    ) SELECT ${COLUMNS} FROM i ORDER BY i.created_at, i.id`,
    [tenantId],
  );
}

/** The tenant's invitations among `ids`, oldest first. */
export function findInvitationsByIds(db: Queryable, tenantId: string, ids: readonly string[]): Promise<InvitationRow[]> {
  return query<InvitationRow>(
    db,
    `/* findInvitationsByIds */
    SELECT ${COLUMNS} FROM owner_invitations i WHERE i.tenant_id = $1::uuid AND i.id = ANY($2::uuid[]) ORDER BY i.created_at, i.id`,
    [tenantId, ids],
  );
}

/** One invitation of the tenant by id. */
export async function findInvitation(db: Queryable, tenantId: string, id: string): Promise<InvitationRow | null> {
  const rows = await query<InvitationRow>(
    db,
    `/* findInvitation */ SELECT ${COLUMNS} FROM owner_invitations i WHERE i.tenant_id = $1::uuid AND i.id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** The tenant's owners, oldest first (every owner of a tenant sees who else owns it). */
export function listTenantOwners(db: Queryable, tenantId: string): Promise<OwnerRow[]> {
  return query<OwnerRow>(
    db,
    `/* listTenantOwners */
    SELECT tenant_id AS "tenantId", id, email, password_hash AS "passwordHash", created_at AS "createdAt" FROM owners WHERE tenant_id = $1::uuid ORDER BY created_at, id LIMIT 200 /* the list's documented bound */`,
    [tenantId],
  );
}
