import { CountersignError, type ApiErrorCode, type CountersignErrorCode } from './errors.js';
import type { Amounts, Authority, DrawResult, Manifest, PublishVerdict, Receipt, SignOff } from './types.js';

/*
 * The API's answers as the wire carries them, and how they become the
 * client's results and errors.
 */

/** A domain error inside a result union, as every document selects it. */
export interface Refusal {
  __typename: string;
  code: ApiErrorCode;
  message: string;
  signOff?: SignOff | null;
}

/** `publishManifest`'s answer as the wire carries it. */
export type PublishAnswer =
  | { __typename: 'ManifestPublished'; verdict: PublishVerdict; manifest: Manifest }
  | { __typename: 'ManifestVersionTaken'; code: 'MANIFEST_VERSION_TAKEN'; message: string; storedDigest: string }
  | { __typename: 'BadAttestation'; code: 'BAD_ATTESTATION'; message: string };

/** `drawAuthority`'s answer as the wire carries it: each union member with the fields `DRAW_AUTHORITY` selects. */
export type DrawAnswer =
  | { __typename: 'Drawn'; receipt: Receipt; replayed: boolean; authority: Authority }
  | { __typename: 'Revoked'; code: 'REVOKED'; message: string; reason: string }
  | { __typename: 'Exhausted'; code: 'EXHAUSTED'; message: string; remaining: Amounts }
  | { __typename: 'DispatchKeyReused'; code: 'DISPATCH_KEY_REUSED'; message: string; receipt: Receipt }
  | {
      __typename: 'Expired' | 'NotYetValid' | 'PerDrawCapExceeded' | 'NotFound';
      code: 'EXPIRED' | 'NOT_YET_VALID' | 'PER_DRAW_CAP_EXCEEDED' | 'NOT_FOUND';
      message: string;
    };

export function isSuccess<TName extends string, TSuccess extends { __typename: TName }>(result: TSuccess | Refusal, typename: TName): result is TSuccess {
  return result.__typename === typename;
}

/** Keeps the fields each answer carries, and only those, so the result narrows on `kind` and then `code`. */
export function drawResult(answer: DrawAnswer): DrawResult {
  switch (answer.__typename) {
    case 'Drawn':
      return { kind: 'drawn', receipt: answer.receipt, replayed: answer.replayed, authority: answer.authority };
    case 'Revoked':
      return { kind: 'refused', code: answer.code, message: answer.message, reason: answer.reason };
    case 'Exhausted':
      return { kind: 'refused', code: answer.code, message: answer.message, remaining: answer.remaining };
    case 'DispatchKeyReused':
      return { kind: 'refused', code: answer.code, message: answer.message, receipt: answer.receipt };
    default:
      return { kind: 'refused', code: answer.code, message: answer.message };
  }
}

export function refusalError(result: Refusal): CountersignError {
  return new CountersignError(result.code, result.message, { status: 200, signOff: result.signOff ?? undefined });
}

export function graphQLErrorsError(errors: readonly { message: string; extensions?: { code?: unknown } }[]): CountersignError {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? (first.extensions.code as CountersignErrorCode) : 'INTERNAL';
  return new CountersignError(code, first?.message ?? 'The subscription failed.');
}

export function closedError(): CountersignError {
  return new CountersignError('CLOSED', 'The Countersign client was closed.');
}
