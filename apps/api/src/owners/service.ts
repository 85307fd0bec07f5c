import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { OwnerPrincipal } from '../auth/principal.js';
import { decoyPasswordHash, hashPassword, hashSecret, newSecret, verifyPassword } from '../auth/secrets.js';
import { endSession, insertSession } from './sessions-store.js';
import { findOwnerByEmail, findTenantBySlug, insertOwner, insertTenant, type OwnerRow } from './store.js';
import { checkName, checkNewPassword, normaliseEmail, slugify } from './validation.js';
import type { Db } from '../db/database.js';
import { publishEvent } from '../events/publish.js';
import { clearFailedSignIns, recordFailedSignIn, signInWait } from './throttle-store.js';

/** How long a console session lasts, from sign-in. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface NewSession { token: string; expiresAt: Date }

export type SignInOutcome = { kind: 'signed-in'; owner: OwnerRow; session: NewSession } | { kind: 'invalid' } | { kind: 'throttled'; waitSeconds: number };

/**
 * Checks email and password; on success opens a session. Unknown email and
 * wrong password look alike, and both count towards the address's limit of
 * failed attempts (kept in PostgreSQL, so it holds across instances); past
 * it, the address waits out its window without its password being checked.
 */
export async function signIn(prisma: PrismaClient, email: string, password: string): Promise<SignInOutcome> {
  const address = email.trim().toLowerCase().slice(0, 320);
  const waitSeconds = await signInWait(prisma, address);
  if (waitSeconds > 0) return { kind: 'throttled', waitSeconds };
  const owner = await findOwnerByEmail(prisma, address);
  const valid = await verifyPassword(owner?.passwordHash ?? (await decoyPasswordHash), password);
  if (!owner || !valid) {
    await recordFailedSignIn(prisma, address);
    return { kind: 'invalid' };
  }
  await clearFailedSignIns(prisma, address);
  return { kind: 'signed-in', owner, session: await openSession(prisma, owner) };
}

export async function openSession(db: Db, owner: OwnerRow): Promise<NewSession> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, { tenantId: owner.tenantId, id: randomUUID(), ownerId: owner.id, tokenHash: hashSecret(token), expiresAt });
  return { token, expiresAt };
}

/** Ends the session; its open sockets close on every instance. */
export function signOut(prisma: PrismaClient, principal: OwnerPrincipal): Promise<void> {
  return prisma.$transaction(async (tx) => {
    await endSession(tx, principal.tenantId, principal.sessionId);
    await publishEvent(tx, principal.tenantId, 'SESSION_ENDED', { sessionId: principal.sessionId });
  });
}

export interface NewOwnerInput { email: string; password: string; tenantName: string }

/**
 * Creates an owner in the tenant named `tenantName` (by its slug), creating
 * the tenant when it does not exist. Runs in the caller's transaction.
 */
export async function createOwner(db: Db, input: NewOwnerInput, passwordHash: string): Promise<OwnerRow> {
  const email = normaliseEmail(input.email);
  const tenantName = checkName('A tenant name', input.tenantName, 200);
  const slug = slugify(tenantName);
  const tenant = (await findTenantBySlug(db, slug)) ?? (await insertTenant(db, { id: randomUUID(), slug, name: tenantName }));
  return insertOwner(db, { tenantId: tenant.id, id: randomUUID(), email, passwordHash });
}

/** Validates a new owner's fields and hashes the password, before any transaction opens. */
export async function prepareOwner(input: NewOwnerInput): Promise<string> {
  normaliseEmail(input.email);
  checkName('A tenant name', input.tenantName, 200);
  checkNewPassword(input.password);
  return hashPassword(input.password);
}
