import { canonicalJson, hashCanonical } from '@countersign/manifest';
import type { KeyScope, RequestParts } from './store.js';

/**
 * Splits a mutation's coerced arguments into their top-level paths: an
 * object argument (`input`) gives one path per key (`input.summary`), any
 * other argument one path of its own. Values are hashed, never kept, since
 * an argument may carry a secret; the salt is the key's scope, so equal
 * values under another key or agent do not hash alike.
 */
export function requestParts(scope: KeyScope, args: Record<string, unknown>): RequestParts {
  const salt = `${scope.tenantId}\n${scope.agentId}\n${scope.key}`;
  const hash = (path: string, value: unknown) => hashCanonical(canonicalJson({ salt, path, value }));
  const parts: RequestParts = {};
  for (const [name, value] of Object.entries(args)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value)) parts[`${name}.${key}`] = hash(`${name}.${key}`, inner);
    } else {
      parts[name] = hash(name, value);
    }
  }
  return parts;
}

/** The paths whose values differ between two requests (present in one only counts), sorted. */
export function differingParts(stored: RequestParts, sent: RequestParts): string[] {
  const paths = new Set([...Object.keys(stored), ...Object.keys(sent)]);
  return [...paths].filter((path) => stored[path] !== sent[path]).sort();
}

/**
 * The IDEMPOTENCY_KEY_REUSED message and the `differs` list: the other
 * mutation field when that differs, else the argument paths; a row from
 * before parts were kept (or no path found) gets the plain message.
 */
export function reuseExplained(
  stored: { field: string; parts: RequestParts | null },
  sent: { field: string; parts: RequestParts },
): { message: string; differs?: string[] } {
  const advice = 'use a new key for a new request, or send the first request again unchanged to get its answer.';
  if (stored.field !== sent.field) {
    return { message: `This Idempotency-Key was used for ${stored.field}, not ${sent.field}; ${advice}`, differs: ['field'] };
  }
  const differs = stored.parts ? differingParts(stored.parts, sent.parts) : [];
  if (differs.length === 0) return { message: 'This Idempotency-Key was used for a different request; use a new key for a new request.' };
  return { message: `This Idempotency-Key was used for a ${stored.field} request whose ${differs.join(', ')} differed; ${advice}`, differs };
}
