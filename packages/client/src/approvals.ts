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
  /**
   * The owner whose approval completed the request (the second, for a request
   * needing two); absent when a standing rule approved it (see `rule`).
   */
  approvedBy?: string;
  /** Every owner whose approval counted, in the order they approved: both owners of a two-person request, none for a rule. */
  approvers: string[];
  /** The id of the standing rule that approved the request, when a rule did (no owner then approved it). */
  rule?: string;
  /** The tenant the request was approved in: the token's audience (`aud`), checked against `audience`. */
  tenant: string;
  aud: string;
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
  /**
   * Your tenant's id (the console's Settings shows it). Required: one server
   * signs for every tenant and operation names are per tenant, so without it
   * a token another tenant approved for an operation of the same name would
   * pass. A token for another tenant is `INVALID_APPROVAL`.
   */
  audience: string;
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
 * the approval token type, not expired, from `issuer`, for `audience` (your
 * tenant), and covering what is `expected`. Offline but for fetching the key
 * set (cached, see above).
 *
 * @example
 * const claims = await verifyApproval(request.headers['countersign-approval'], {
 *   jwksUrl: 'https://countersign.example/.well-known/jwks.json',
 *   issuer: 'https://countersign.example',
 *   audience: process.env.COUNTERSIGN_TENANT_ID, // your tenant's id, from the console's Settings
 *   expected: { op: 'email.send', input: body },
 * });
 *
 * @throws CountersignError `INVALID_APPROVAL` when the token does not hold — malformed,
 *   signed by no key of the set, expired, from another issuer, for another tenant, or a claim
 *   other than expected (the message says which); `BAD_INPUT` when `audience` is missing
 *   (before anything is fetched); `TRANSPORT` when the key set could not be read
 *   (the token may be fine: try again later).
 */
export async function verifyApproval(
  jws: string,
  { jwksUrl, issuer, audience, expected = {}, clockToleranceSeconds = 0 }: VerifyApprovalOptions,
): Promise<ApprovalClaims> {
  if (typeof audience !== 'string' || audience === '') {
    throw new CountersignError('BAD_INPUT', "verifyApproval needs `audience`: your tenant's id, shown in the console's Settings.");
  }
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
      audience,
      requiredClaims: ['iss', 'sub', 'aud', 'iat', 'exp', 'jti'],
      clockTolerance: clockToleranceSeconds,
    }));
  } catch (error) {
    throw verificationError(error, url);
  }
  const claims = approvalClaims(payload);
  mustMatch('iss', claims.iss, issuer);
  mustMatch('tenant', claims.tenant, audience);
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
  const optionalText = (claim: string): string | undefined => (payload[claim] === undefined ? undefined : text(claim));
  const approvers = payload.approvers;
  if (!Array.isArray(approvers) || !approvers.every((owner) => typeof owner === 'string' && owner !== '')) {
    throw new CountersignError('INVALID_APPROVAL', 'The approval lacks the approvers claim (a list of owner ids).');
  }
  const approvedBy = optionalText('approvedBy');
  const rule = optionalText('rule');
  if (approvedBy === undefined && rule === undefined)
    throw new CountersignError('INVALID_APPROVAL', 'The approval names neither the owner nor the rule that approved it.');
  // The audience was checked by jwtVerify; a token may carry it as a one-element array, as JWT allows.
  const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  return {
    iss: text('iss'),
    sub: text('sub'),
    op: text('op'),
    opVersion: integer('opVersion'),
    inputHash: text('inputHash'),
    agent: text('agent'),
    ...(approvedBy === undefined ? {} : { approvedBy }),
    approvers: approvers as string[],
    ...(rule === undefined ? {} : { rule }),
    tenant: text('tenant'),
    aud: aud as string,
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
