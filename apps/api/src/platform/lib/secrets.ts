import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

/** Prefix that marks a Countersign agent key, so scanners and people can spot one. */
export const AGENT_KEY_PREFIX = 'csk_';

/**
 * Prefix that marks an owner API token. Distinct from an agent key's, so
 * neither is ever taken for the other (docs/owner-tokens.md, rule OT5).
 */
export const OWNER_TOKEN_PREFIX = 'cso_';

/** A new high-entropy secret (256 bits), URL-safe. */
export function newSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * Hash for high-entropy secrets (session tokens, agent keys, owner tokens, setup tokens).
 * They cannot be guessed, so a fast hash suffices and lets the database look
 * them up by equality; passwords use argon2id instead.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** argon2id with the library's defaults (OWASP's minimums or above). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A precomputed hash checked when the email is unknown, so a failed sign-in
 * takes as long either way and does not reveal which addresses exist.
 */
export const decoyPasswordHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
