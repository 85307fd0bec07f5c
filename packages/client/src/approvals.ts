import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { CountersignError } from './errors.js';

/** The `typ` header of an approval token: it tells one apart from any other JWT signed by the same keys. */
export const APPROVAL_TOKEN_TYPE = 'countersign-approval+jwt';

/** What a verified approval token says: who approved which exact input of which operation, for whom. */
export interface ApprovalClaims {
  /** The Countersign server that signed it (its `COUNTERSIGN_PUBLIC_URL`). */
  iss: string;
  /** The sign-off request's id. */
  sub: string;
  op: string;
  /** The version of the operation the request was asked under. */
  opVersion: number;
  /** SHA-256 (hex) of the canonical JSON of the approved input. */
  inputHash: string;
  /** The asking agent's id. */
  agent: string;
  /** The owner who approved. */
  approvedBy: string;
  tenant: string;
  /** Issued at, in seconds since the epoch. */
  iat: number;
  /** Expires at (15 minutes after `iat`), in seconds since the epoch. */
  exp: number;
  /** The grant's id: unique per redeemed approval, so a service can refuse to act on one twice. */
  jti: string;
}

/** What the service that acts expects the approval to cover; each one given must match exactly. */
export interface ExpectedApproval {
  op?: string;
  /** SHA-256 (hex) of the canonical input the service is about to act on. */
  inputHash?: string;
  /** The same, computed here from the input itself (canonical JSON, as the server stores it). */
  input?: unknown;
  /** The sign-off request's id. */
  sub?: string;
}

/** Options of {@link verifyApproval}. */
export interface VerifyApprovalOptions {
  /** The server's key set: `https://countersign.example/.well-known/jwks.json`. */
  jwksUrl: string | URL;
  /** The server's `COUNTERSIGN_PUBLIC_URL`; checked when given (and it should be). */
  issuer?: string;
  expected?: ExpectedApproval;
  /** Leeway for clocks that disagree, on `exp`, `iat` and `nbf`; 0 unless given. */
  clockToleranceSeconds?: number;
}

/**
 * One remote key set per URL for the life of the process: jose caches the
 * keys it fetched and refetches when a token names a key it does not hold
 * (a rotation), so a service verifying many tokens fetches the set rarely.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetAt(url: URL): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(url.href);
  if (!keySet) {
    keySet = createRemoteJWKSet(url);
    keySets.set(url.href, keySet);
  }
  return keySet;
}

/**
 * Verifies an approval token, as the service an agent acts through should
 * before acting: an EdDSA signature by a key of the server's published set,
 * the approval token type, not expired, from `issuer`, and covering what is
 * `expected`. Offline but for fetching the key set (cached, see above).
 *
 * @example
 * const claims = await verifyApproval(request.headers['countersign-approval'], {
 *   jwksUrl: 'https://countersign.example/.well-known/jwks.json',
 *   issuer: 'https://countersign.example',
 *   expected: { op: 'email.send', input: body },
 * });
 *
 * @throws CountersignError `INVALID_APPROVAL` when the token does not hold — malformed,
 *   signed by no key of the set, expired, from another issuer, or a claim other than
 *   expected (the message says which); `TRANSPORT` when the key set could not be read
 *   (the token may be fine: try again later).
 */
export async function verifyApproval(
  jws: string,
  { jwksUrl, issuer, expected = {}, clockToleranceSeconds = 0 }: VerifyApprovalOptions,
): Promise<ApprovalClaims> {
  const url = new URL(jwksUrl);
  const expectedHash = expected.input === undefined ? expected.inputHash : inputHashOf(expected.input);
  if (expected.inputHash !== undefined && expectedHash !== expected.inputHash) {
    throw new CountersignError('BAD_INPUT', 'expected.input and expected.inputHash disagree: give one of them.');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jws, keySetAt(url), {
      algorithms: ['EdDSA'],
      typ: APPROVAL_TOKEN_TYPE,
      requiredClaims: ['iss', 'sub', 'iat', 'exp', 'jti'],
      clockTolerance: clockToleranceSeconds,
    }));
  } catch (error) {
    throw verificationError(error, url);
  }
  const claims = approvalClaims(payload);
  mustMatch('iss', claims.iss, issuer);
  mustMatch('sub', claims.sub, expected.sub);
  mustMatch('op', claims.op, expected.op);
  mustMatch('inputHash', claims.inputHash, expectedHash);
  return claims;
}

function inputHashOf(input: unknown): string {
  try {
    return hashCanonical(canonicalJson(input));
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `expected.input has no JSON form: ${(error as Error).message}`, { cause: error });
  }
}

function mustMatch(claim: keyof ApprovalClaims, actual: string, wanted: string | undefined): void {
  if (wanted !== undefined && actual !== wanted) {
    throw new CountersignError('INVALID_APPROVAL', `The approval's ${claim} is ${JSON.stringify(actual)}, not the expected ${JSON.stringify(wanted)}.`);
  }
}

/** The verified payload as typed claims; a signed token missing one (or carrying the wrong type) is not an approval. */
function approvalClaims(payload: JWTPayload): ApprovalClaims {
  const text = (claim: string): string => {
    const value = payload[claim];
    if (typeof value !== 'string' || value === '') throw new CountersignError('INVALID_APPROVAL', `The approval lacks the ${claim} claim (a string).`);
    return value;
  };
  const integer = (claim: string): number => {
    const value = payload[claim];
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw new CountersignError('INVALID_APPROVAL', `The approval lacks the ${claim} claim (an integer).`);
    return value;
  };
  return {
    iss: text('iss'),
    sub: text('sub'),
    op: text('op'),
    opVersion: integer('opVersion'),
    inputHash: text('inputHash'),
    agent: text('agent'),
    approvedBy: text('approvedBy'),
    tenant: text('tenant'),
    iat: integer('iat'),
    exp: integer('exp'),
    jti: text('jti'),
  };
}

/**
 * jose's failures in the client's terms. What concerns the token is
 * `INVALID_APPROVAL`; not reaching the key set is `TRANSPORT`, since the
 * token may well be valid and a service must not report it forged.
 */
function verificationError(error: unknown, url: URL): CountersignError {
  const invalid = (message: string) => new CountersignError('INVALID_APPROVAL', message, { cause: error });
  if (error instanceof errors.JWTExpired) {
    const exp = error.payload.exp;
    return invalid(`The approval expired${typeof exp === 'number' ? ` at ${new Date(exp * 1000).toISOString()}` : ''}.`);
  }
  if (error instanceof errors.JWTClaimValidationFailed) return invalid(`The approval's ${error.claim} does not hold: ${error.message}.`);
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return invalid(`The approval's signature does not verify with any key published at ${url.href}.`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return invalid('The approval is not signed with EdDSA.');
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return invalid(`The approval is not a well-formed token: ${error.message}`);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new CountersignError('TRANSPORT', `Could not read the key set at ${url.href}: ${reason}`, { cause: error });
}
