import type { ServiceDeps } from '../../platform/lib/deps.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { prepareOwner } from '../owners/service.js';
import { openSession, type NewSession } from '../owners/sessions-store.js';
import { anyOwnerExists, createOwner, type NewOwnerInput, type OwnerRow } from '../owners/store.js';
import { claimSetupToken, deleteUnusedSetupTokens, findOutstandingSetupToken, insertSetupToken, isSetupTokenUsable, lockSetup } from './store.js';
import type { Queryable } from '../../platform/db/sql.js';

/** How long a printed setup link stays usable. */
export const SETUP_TOKEN_TTL_MS = 24 * 3600 * 1000;

/** Whether no owner exists yet. */
export function isSetupNeeded(deps: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  return anyOwnerExists(deps.db.pool).then((exists) => !exists);
}

/** What a start's claim on the first-owner link found. */
export type SetupLinkClaim =
  /** This process minted the link: it alone prints it. */
  | { kind: 'issued'; token: string; expiresAt: Date }
  /** Another start (another instance, worker or an earlier run) already holds a live link, until `expiresAt`. */
  | { kind: 'already-issued'; expiresAt: Date }
  /** An owner exists: no link is needed. */
  | { kind: 'not-needed' };

/**
 * A start's claim on the first-owner link, once per server however many
 * processes start on its database together: under the setup lock, a link
 * is minted only when no owner exists and no unused link is still live, so
 * of several instances starting at once exactly one gets `issued` (and
 * prints it). Called at startup, outside any request (`serviceDeps`).
 */
export function issueSetupTokenIfNeeded(deps: Pick<ServiceDeps, 'scope' | 'clock'>): Promise<SetupLinkClaim> {
  return deps.scope.transaction(async (tx): Promise<SetupLinkClaim> => {
    await lockSetup(tx);
    if (await anyOwnerExists(tx)) return { kind: 'not-needed' };
    const outstanding = await findOutstandingSetupToken(tx);
    if (outstanding) return { kind: 'already-issued', expiresAt: outstanding };
    return { kind: 'issued', ...(await mintSetupToken(tx, deps.clock)) };
  });
}

/**
 * A new first-owner link for an operator who lost the printed one
 * (`countersign setup-link`): the unused links before it stop working, so
 * at most one is ever live. Null once an owner exists.
 */
export function reissueSetupToken(deps: Pick<ServiceDeps, 'scope' | 'clock'>): Promise<{ token: string; expiresAt: Date } | null> {
  return deps.scope.transaction(async (tx) => {
    await lockSetup(tx);
    if (await anyOwnerExists(tx)) return null;
    await deleteUnusedSetupTokens(tx);
    return mintSetupToken(tx, deps.clock);
  });
}

async function mintSetupToken(tx: Queryable, clock: ServiceDeps['clock']): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(clock().getTime() + SETUP_TOKEN_TTL_MS);
  await insertSetupToken(tx, hashSecret(token), expiresAt);
  return { token, expiresAt };
}

/**
 * Creates the first owner with a setup token, in the request's write scope:
 * serialised against other setups, refused once any owner exists, and the
 * token claimed by a conditional update so it works once. Anything refused
 * changes nothing.
 */
export async function setupFirstOwner(deps: ServiceDeps, token: string, input: NewOwnerInput): Promise<{ owner: OwnerRow; session: NewSession } | null> {
  // Anyone may call this: a made-up or spent token is refused before the costly
  // password hash, so a flood of guesses costs one indexed read each. The
  // checks that decide are the ones repeated under the lock below.
  if (!(await isSetupTokenUsable(deps.db.pool, hashSecret(token))) || (await anyOwnerExists(deps.db.pool))) return null;
  const passwordHash = await prepareOwner(input);
  return deps.scope.transaction(async (tx) => {
    await lockSetup(tx);
    if (await anyOwnerExists(tx)) return null;
    if (!(await claimSetupToken(tx, hashSecret(token)))) return null;
    const owner = await createOwner(tx, input, passwordHash);
    return { owner, session: await openSession(tx, owner, deps.clock) };
  });
}
