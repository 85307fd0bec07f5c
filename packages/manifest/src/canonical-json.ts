import { createHash } from 'node:crypto';

/**
 * What `canonicalJson` throws for a value with no canonical text: undefined,
 * a function, a non-finite number, or a string (a key included) holding a
 * lone surrogate. A TypeError, so callers that caught one before still do;
 * its own class so the API can answer it as the client's mistake (BAD_INPUT).
 */
export class CanonicalJsonError extends TypeError {
  override name = 'CanonicalJsonError';
}

/** One UTF-16 code unit of a surrogate pair with no partner (with the `u` flag a proper pair is one code point, never matched). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The one text a JSON value has: RFC 8785, the JSON Canonicalization Scheme
 * (JCS). Object keys are sorted by UTF-16 code unit at every depth, there is
 * no insignificant whitespace, and numbers and strings are written as
 * ECMAScript's JSON.stringify writes them (which is how RFC 8785 defines
 * them). Two inputs that mean the same thing compare and hash equal, which is
 * what makes a manifest digest, a sign-off's input hash and an idempotency
 * fingerprint stable whoever computes them.
 *
 * @throws CanonicalJsonError for a value JSON cannot carry (undefined, a
 *   function, a non-finite number), and for a lone surrogate in a string or a
 *   key: RFC 8785 takes I-JSON (RFC 7493), which allows only well-formed
 *   Unicode, and JSON.stringify would write it as an escape another
 *   implementation may read differently.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return canonicalString(value);
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new CanonicalJsonError(`${typeof value} has no JSON form`);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new CanonicalJsonError('non-finite numbers have no JSON form');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${canonicalString(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

function canonicalString(text: string): string {
  const lone = LONE_SURROGATE.exec(text);
  if (lone) {
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    throw new CanonicalJsonError(`a string holds a lone surrogate (U+${unit}), which I-JSON and so RFC 8785 (JCS) refuse: text must be well-formed Unicode`);
  }
  return JSON.stringify(text);
}

/** SHA-256 of a canonical text, hex: the identity of an input, and a manifest's digest. */
export function hashCanonical(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex');
}
