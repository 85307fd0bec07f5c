import { setTimeout as sleep } from 'node:timers/promises';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/lib/secrets.js';
import { endSession, markAuthenticated, openSession, type NewSession } from './sessions-store.js';
import { findOwnerByEmail, findOwnersByIds, type NewOwnerInput, type OwnerRow } from './store.js';
import { checkNewPassword, normaliseEmail } from './validation.js';
import { checkName } from '../../platform/lib/validation.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { publishEvent } from '../../platform/events/publish.js';
import { QueueFullError } from '../../platform/lib/concurrency-limit.js';
import { reservedConcurrencyLimit } from '../../platform/lib/reserved-concurrency-limit.js';
import { graphQLError, retryLaterError } from '../../platform/lib/errors.js';
import { judgeSignInAttempt } from './sign-in-limits.js';
import { clientKey } from '../../platform/lib/client-key.js';
import { countSignInAttempt, giveBackSignInAttempt } from './throttle-store.js';

/**
 * At most this many argon2 computations (sign-in checks and new-password
 * hashes) run at once per process: each holds one of libuv's four threads and
 * tens of MiB for tens of ms, and a flood of anonymous guesses or setup
 * attempts must leave threads and CPU for everyone else.
 */
export const ARGON2_AT_ONCE = 2;
/**
 * At most this many wait for a slot (about two seconds of work on two cores);
 * past it a sign-in is refused at once (RATE_LIMITED, retry in a second)
 * rather than queued, so a flood from many clients cannot make every owner's
 * sign-in wait minutes behind it.
 */
export const ARGON2_MAX_WAITING = 64;
/**
 * Of those, the slots and waiting places kept for a known device's sign-in
 * (domains/owners/known-device.ts): a flood of guesses from any number of clients
 * fills only the other slot and 48 places, so an owner signing in from a
 * browser that has signed in before is admitted while the flood queues.
 */
export const ARGON2_KNOWN_DEVICE_SLOTS = 1;
export const ARGON2_KNOWN_DEVICE_WAITING = 16;
/** The slots argon2 runs in; `running` and `waiting` show the load. */
export const argon2 = reservedConcurrencyLimit({
  slots: ARGON2_AT_ONCE,
  reservedSlots: ARGON2_KNOWN_DEVICE_SLOTS,
  maxWaiting: ARGON2_MAX_WAITING,
  reservedWaiting: ARGON2_KNOWN_DEVICE_WAITING,
});

/** One sign-in as typed, and where from. */
export interface SignInAttempt {
  email: string;
  password: string;
  client: string;
  /** The owner whose known-device cookie the browser sent, already checked (knownDeviceOwner); it counts only for that owner's address. */
  knownDeviceOwnerId?: string | undefined;
}

export type SignInOutcome =
  | { kind: 'signed-in'; owner: OwnerRow; session: NewSession }
  | { kind: 'invalid' }
  | { kind: 'throttled'; by: 'CLIENT' | 'ADDRESS_FROM_CLIENT'; waitSeconds: number }
  | { kind: 'busy' };

/**
 * Checks email and password; on success opens a session. The attempt is
 * counted first, in one statement, and refused above this client's limits
 * before any password is checked, so parallel guesses cannot slip past the
 * count; the counters live in PostgreSQL, so they hold across instances.
 * Failures from other clients only slow the address (see signInDelayMs),
 * never lock its owner out. Unknown email and wrong password look alike and
 * count alike. A refused or successful attempt is given back: the counters
 * hold failures (and attempts still being checked), not the owner's success.
 * The counting is outside the request's write scope by design, each its own
 * statement on the pool: a failed sign-in writes nothing else, and must
 * still count. A browser with this owner's known-device cookie skips the
 * address's slow-down and checks in argon2's reserved share: a flood of
 * guesses at the address from many clients then delays everyone but the
 * owner on a device they signed in from before.
 */
export async function signIn(deps: ServiceDeps, attempt: SignInAttempt): Promise<SignInOutcome> {
  const { db } = deps;
  const address = attempt.email.trim().toLowerCase().slice(0, 320);
  const client = clientKey(attempt.client);
  const counted = await countSignInAttempt(db.pool, address, client);
  const verdict = judgeSignInAttempt(counted);
  if (verdict.kind === 'refuse') {
    await giveBackSignInAttempt(db.pool, address, client, counted);
    return { kind: 'throttled', by: verdict.by, waitSeconds: verdict.waitSeconds };
  }
  const owner = await findOwnerByEmail(db.pool, address);
  // Only for the owner the cookie was issued to: a cookie from one's own account must not speed up guessing another's.
  const knownDevice = owner !== null && attempt.knownDeviceOwnerId === owner.id;
  if (verdict.delayMs > 0 && !knownDevice) await sleep(verdict.delayMs);
  const passwordHash = owner?.passwordHash ?? (await decoyPasswordHash);
  let valid: boolean;
  try {
    valid = await argon2(() => verifyPassword(passwordHash, attempt.password), { reserved: knownDevice });
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    // Not checked, so not a failure: the attempt is given back.
    await giveBackSignInAttempt(db.pool, address, client, counted);
    return { kind: 'busy' };
  }
  if (!owner || !valid) return { kind: 'invalid' };
  await giveBackSignInAttempt(db.pool, address, client, counted);
  return { kind: 'signed-in', owner, session: await deps.scope.transaction((tx) => openSession(tx, owner, deps.clock)) };
}

/** Ends the session; its open sockets close on every instance. */
export function signOut(deps: ServiceDeps, principal: OwnerPrincipal, sessionId: string): Promise<void> {
  return deps.scope.transaction(async (tx) => {
    await endSession(tx, principal.tenantId, sessionId);
    await publishEvent(tx, principal.tenantId, 'SESSION_ENDED', { sessionId });
  });
}

// A store operation (it runs on its caller's transaction), offered beside prepareOwner, which every caller runs first.
export { createOwner, type NewOwnerInput } from './store.js';

/** Validates a new owner's fields and hashes the password, before any transaction opens. */
export async function prepareOwner(input: NewOwnerInput): Promise<string> {
  normaliseEmail(input.email);
  checkName('A tenant name', input.tenantName, 200);
  return hashNewPassword(input.password);
}

/** Checks a new password's length and hashes it (argon2id, in the bounded pool), before any transaction opens. */
export async function hashNewPassword(password: string): Promise<string> {
  checkNewPassword(password);
  try {
    return await argon2(() => hashPassword(password));
  } catch (error) {
    if (error instanceof QueueFullError) throw retryLaterError('RATE_LIMITED', 'Too many passwords are being checked right now; retry in a moment.', 1);
    throw error;
  }
}

export type ReauthenticateOutcome = { kind: 'reauthenticated'; until: Date } | { kind: 'invalid' } | Extract<SignInOutcome, { kind: 'throttled' | 'busy' }>;

/**
 * The signed-in owner proves their password again, so that this session may
 * approve HIGH-risk requests for the next 10 minutes (docs/sign-offs.md,
 * S17). Counted and throttled exactly as a sign-in to the owner's address
 * is: a stolen cookie cannot be used to guess the password faster. A
 * session only — an owner token cannot re-authenticate.
 */
export async function reauthenticate(
  deps: ServiceDeps,
  principal: OwnerPrincipal,
  password: string,
  client: string | undefined,
): Promise<ReauthenticateOutcome> {
  if (!principal.sessionId || principal.token) throw graphQLError('FORBIDDEN', 'Only a console session re-authenticates: an owner token cannot.');
  // As sign-in: the throttle needs the client's address, which a WebSocket does not give.
  if (client === undefined) throw graphQLError('BAD_INPUT', 'Re-authenticate over HTTP (POST /graphql).');
  const [owner] = await findOwnersByIds(deps.db.pool, [{ tenantId: principal.tenantId, id: principal.ownerId }]);
  if (!owner) throw graphQLError('UNAUTHENTICATED', 'This session has no owner.');
  const address = owner.email;
  const key = clientKey(client);
  const counted = await countSignInAttempt(deps.db.pool, address, key);
  const verdict = judgeSignInAttempt(counted);
  if (verdict.kind === 'refuse') {
    await giveBackSignInAttempt(deps.db.pool, address, key, counted);
    return { kind: 'throttled', by: verdict.by, waitSeconds: verdict.waitSeconds };
  }
  if (verdict.delayMs > 0) await sleep(verdict.delayMs);
  let valid: boolean;
  try {
    valid = await argon2(() => verifyPassword(owner.passwordHash, password));
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    await giveBackSignInAttempt(deps.db.pool, address, key, counted);
    return { kind: 'busy' };
  }
  if (!valid) return { kind: 'invalid' };
  await giveBackSignInAttempt(deps.db.pool, address, key, counted);
  const until = await deps.scope.transaction((tx) => markAuthenticated(tx, principal.tenantId, principal.sessionId!));
  if (!until) throw graphQLError('UNAUTHENTICATED', 'This session has ended: sign in again.');
  return { kind: 'reauthenticated', until };
}
