import { createHash } from 'node:crypto';

/**
 * The one text a JSON value has: object keys sorted by code point at every
 * depth, no insignificant whitespace, numbers and strings as JSON.stringify
 * writes them. Two inputs that mean the same thing compare and hash equal,
 * which is what makes a manifest digest, a sign-off's input hash and an
 * idempotency fingerprint stable whoever computes them.
 *
 * @throws TypeError for a value JSON cannot carry (undefined, a function, a non-finite number).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`${typeof value} has no JSON form`);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('non-finite numbers have no JSON form');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/** SHA-256 of a canonical text, hex: the identity of an input, and a manifest's digest. */
export function hashCanonical(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}
