import type { ServiceDeps } from '../../platform/lib/deps.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import { prepareOwner } from '../owners/service.js';
import { openSession, type NewSession } from '../owners/sessions-store.js';
import { anyOwnerExists, createOwner, type NewOwnerInput, type OwnerRow } from '../owners/store.js';
import { claimSetupToken, insertSetupToken, isSetupTokenUsable, lockSetup } from './store.js';

/** How long a printed setup link stays usable. */
export const SETUP_TOKEN_TTL_MS = 24 * 3600 * 1000;

/** Whether no owner exists yet. */
export function isSetupNeeded(deps: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  return anyOwnerExists(deps.db.pool).then((exists) => !exists);
}

/**
 * Mints a one-time setup token when no owner exists yet; null otherwise.
 * Called at startup, outside any request (`serviceDeps`); the check and
 * the token are one transaction of the scope.
 */
export function issueSetupTokenIfNeeded(deps: Pick<ServiceDeps, 'scope' | 'clock'>): Promise<string | null> {
  return deps.scope.transaction(async (tx) => {
    if (await anyOwnerExists(tx)) return null;
    const token = newSecret();
    await insertSetupToken(tx, hashSecret(token), new Date(deps.clock().getTime() + SETUP_TOKEN_TTL_MS));
    return token;
  });
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
