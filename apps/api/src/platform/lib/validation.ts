import { graphQLError } from './errors.js';

/** A trimmed name of 1 to `max` characters; BAD_INPUT naming `label` otherwise. */
export function checkName(label: string, name: string, max: number): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw graphQLError('BAD_INPUT', `${label} must be 1 to ${max} characters long.`);
  return trimmed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can name a row at all; anything else reads as not found without a query. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
