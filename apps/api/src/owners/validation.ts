import { graphQLError } from '../graphql/errors.js';

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

export function checkName(label: string, name: string, max: number): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw graphQLError('BAD_INPUT', `${label} must be 1 to ${max} characters long.`);
  return trimmed;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can name a row at all; anything else reads as not found without a query. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
