import { randomUUID } from 'node:crypto';
import { appendAuditEntry } from '../audit/append.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { graphQLError } from '../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { isUuid } from '../../platform/lib/validation.js';
import {
  claimInvitation,
  findInvitation,
  findUsableInvitation,
  insertInvitation,
  listInvitations,
  listTenantOwners,
  revokeInvitation,
  revokeOpenInvitations,
  type InvitationRow,
} from './invitations-store.js';
import { lockTenantForJoin, resetApprovalPolicies } from './second-owner-store.js';
import { hashNewPassword } from './service.js';
import { openSession, type NewSession } from './sessions-store.js';
import { findOwnerByEmail, findTenantsByIds, insertOwner, type OwnerRow, type TenantRow } from './store.js';
import { normaliseEmail } from './validation.js';

/** Marks an invitation token, so people and scanners can tell it from other secrets. */
export const INVITATION_TOKEN_PREFIX = 'csi_';

/** A label's longest form: enough for "for Dana, finance". */
const MAX_NOTE = 200;

/** An invitation's label as stored: trimmed, empty as none; BAD_INPUT past 200 characters. */
export function checkInvitationNote(note: string | null | undefined): string | null {
  const trimmed = note?.trim() || null;
  if (trimmed && trimmed.length > MAX_NOTE) throw graphQLError('BAD_INPUT', `An invitation's note is at most ${MAX_NOTE} characters.`);
  return trimmed;
}

/**
 * Writes a new invitation into the tenant, in the caller's transaction, and
 * returns it with its token (shown once: only its hash is kept). Called
 * directly when the tenant has one owner, and by the `tenant.inviteOwner`
 * deed once a second owner approved it (docs/tenancy.md, T10). Appends
 * `invitation.created` (docs/audit.md, L1), last: the audit head is the
 * last lock the caller's transaction takes.
 */
export async function createInvitation(
  db: Queryable,
  invitation: { tenantId: string; invitedBy: string; note: string | null; signOffId: string | null; id?: string },
): Promise<{ invitation: InvitationRow; token: string }> {
  const token = newSecret(INVITATION_TOKEN_PREFIX);
  const row = await insertInvitation(db, { ...invitation, id: invitation.id ?? randomUUID(), tokenHash: hashSecret(token) });
  await appendAuditEntry(db, {
    tenantId: row.tenantId,
    kind: 'invitation.created',
    actor: `owner:${row.invitedBy}`,
    subject: `invitation:${row.id}`,
    detail: { note: row.note, expiresAt: row.expiresAt, signOffId: row.signOffId },
  });
  return { invitation: row, token };
}

/** What someone holding a live link may learn before accepting: the tenant it joins, and until when. */
export async function previewInvitation(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<{ tenant: TenantRow; expiresAt: Date } | null> {
  const usable = await findUsableInvitation(deps.db.pool, hashSecret(token));
  if (!usable) return null;
  const [tenant] = await findTenantsByIds(deps.db.pool, [usable.tenantId]);
  return tenant ? { tenant, expiresAt: usable.expiresAt } : null;
}

export interface AcceptInvitationInput {
  token: string;
  email: string;
  password: string;
}

export type AcceptOutcome = { kind: 'accepted'; owner: OwnerRow; session: NewSession } | { kind: 'invalid' };

/**
 * Creates an owner in the inviting tenant from an invitation link and opens
 * their session. The token is claimed by one conditional update in the same
 * transaction as the owner's insert, so a link admits exactly one owner
 * however many acceptances race, and a refused one (used, expired, revoked,
 * unknown, an email taken) changes nothing. Anyone may call this: a dead
 * token is refused before the costly password hash.
 *
 * The tenant row is locked first and the owners counted under it
 * (docs/tenancy.md, T11): when this is the second owner, every other open
 * invitation is revoked and every approvals setting removed (what the first
 * owner did alone), in the same transaction, so of two acceptances of
 * different links racing only the first admits anyone: the second, waiting
 * on the lock, finds its link revoked. Every join appends `owner.joined`,
 * naming what it undid.
 */
export async function acceptOwnerInvitation(deps: ServiceDeps, input: AcceptInvitationInput): Promise<AcceptOutcome> {
  const tokenHash = hashSecret(input.token);
  const usable = await findUsableInvitation(deps.db.pool, tokenHash);
  if (!usable) return { kind: 'invalid' };
  const email = normaliseEmail(input.email);
  // Rule T6: an address names one owner across every tenant. The unique index decides; this is the clear answer to the common case.
  if (await findOwnerByEmail(deps.db.pool, email)) throw emailTaken();
  const passwordHash = await hashNewPassword(input.password);
  try {
    return await deps.scope.transaction(async (tx) => {
      // The lock before the claim: a join revokes other links, whose claims must queue behind it, never hold a link it must revoke.
      const ownersBefore = await lockTenantForJoin(tx, usable.tenantId);
      const id = randomUUID();
      const claimed = await claimInvitation(tx, tokenHash, id);
      if (!claimed) return { kind: 'invalid' } as const;
      const owner = await insertOwner(tx, { tenantId: claimed.tenantId, id, email, passwordHash });
      const second = ownersBefore === 1;
      const revoked = second ? await revokeOpenInvitations(tx, owner.tenantId) : [];
      const reset = second ? await resetApprovalPolicies(tx, owner.tenantId) : [];
      const session = await openSession(tx, owner, deps.clock);
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'owner.joined',
        actor: `owner:${owner.id}`,
        subject: `owner:${owner.id}`,
        detail: {
          email: owner.email,
          invitationId: claimed.id,
          ownersBefore,
          revokedInvitations: revoked.map((invitation) => invitation.id),
          resetPolicies: reset.map((policy) => ({ op: policy.op, approvalsRequired: policy.approvalsRequired, setAt: policy.setAt })),
        },
      });
      return { kind: 'accepted', owner, session } as const;
    });
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'owners_email_key') throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return graphQLError('BAD_INPUT', 'An owner with that email exists already: sign in with it, or accept the invitation with another address.');
}

/** The tenant's invitations, newest first: every owner of the tenant sees them all. */
export function readInvitations(deps: Pick<ServiceDeps, 'scope'>, owner: OwnerPrincipal): Promise<InvitationRow[]> {
  return listInvitations(deps.scope.reads, owner.tenantId);
}

/** The tenant's owners, oldest first. */
export function readTenantOwners(deps: Pick<ServiceDeps, 'scope'>, owner: OwnerPrincipal): Promise<OwnerRow[]> {
  return listTenantOwners(deps.scope.reads, owner.tenantId);
}

export type RevokeInvitationOutcome = { kind: 'revoked'; invitation: InvitationRow } | { kind: 'not-found' };

/**
 * Revokes a pending invitation of the tenant (any owner may: taking a way in
 * away weakens nothing). Revoking one already revoked answers it as it is;
 * an accepted or expired one is left as it is and answered as it is.
 */
export async function revokeOwnerInvitation(deps: ServiceDeps, owner: OwnerPrincipal, id: string): Promise<RevokeInvitationOutcome> {
  if (!isUuid(id)) return { kind: 'not-found' };
  const invitation = await deps.scope.transaction(async (tx) => {
    if (await revokeInvitation(tx, owner.tenantId, id)) {
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'invitation.revoked',
        actor: `owner:${owner.ownerId}`,
        subject: `invitation:${id}`,
        detail: {},
      });
    }
    return findInvitation(tx, owner.tenantId, id);
  });
  return invitation ? { kind: 'revoked', invitation } : { kind: 'not-found' };
}
