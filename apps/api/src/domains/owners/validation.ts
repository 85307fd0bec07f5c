import { graphQLError } from '../../platform/lib/errors.js';

/** Passwords shorter than this are refused; long passphrases are welcome. */
export const MIN_PASSWORD_LENGTH = 10;
const MAX_PASSWORD_LENGTH = 256;

/** Lower-cases and checks an email address; throws BAD_INPUT when it is not one. */
export function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (normalised.length > 320 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) {
    throw graphQLError('BAD_INPUT', 'That is not an email address.');
  }
  return normalised;
}

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw graphQLError('BAD_INPUT', `A password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`);
  }
}

/** A URL-safe tenant slug made from its name. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'tenant';
}
