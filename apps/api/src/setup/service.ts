import type { PrismaClient } from '../generated/prisma/client.js';
import { hashSecret, newSecret } from '../lib/secrets.js';
import { openSession, createOwner, prepareOwner, type NewOwnerInput, type NewSession } from '../owners/service.js';
import { anyOwnerExists, type OwnerRow } from '../owners/store.js';
import { claimSetupToken, insertSetupToken, isSetupTokenUsable, lockSetup } from './store.js';

/** How long a printed setup link stays usable. */
export const SETUP_TOKEN_TTL_MS = 24 * 3600 * 1000;

export function isSetupNeeded(prisma: PrismaClient): Promise<boolean> {
  return anyOwnerExists(prisma).then((exists) => !exists);
}

/** Mints a one-time setup token when no owner exists yet; null otherwise. */
export async function issueSetupTokenIfNeeded(prisma: PrismaClient): Promise<string | null> {
  if (!(await isSetupNeeded(prisma))) return null;
  const token = newSecret();
  await insertSetupToken(prisma, hashSecret(token), new Date(Date.now() + SETUP_TOKEN_TTL_MS));
  return token;
}

/**
 * Creates the first owner with a setup token, in one transaction: serialised
 * against other setups, refused once any owner exists, and the token claimed
 * by a conditional update so it works once. Anything refused changes nothing.
 */
export async function setupFirstOwner(prisma: PrismaClient, token: string, input: NewOwnerInput): Promise<{ owner: OwnerRow; session: NewSession } | null> {
  // Anyone may call this: a made-up or spent token is refused before the costly
  // password hash, so a flood of guesses costs one indexed read each. The
  // checks that decide are the ones repeated under the lock below.
  if (!(await isSetupTokenUsable(prisma, hashSecret(token))) || (await anyOwnerExists(prisma))) return null;
  const passwordHash = await prepareOwner(input);
  return prisma.$transaction(async (tx) => {
    await lockSetup(tx);
    if (await anyOwnerExists(tx)) return null;
    if (!(await claimSetupToken(tx, hashSecret(token)))) return null;
    const owner = await createOwner(tx, input, passwordHash);
    return { owner, session: await openSession(tx, owner) };
  });
}
