import { CountersignError, type CountersignErrorCode } from './errors.js';
import type { DrawAuthorityMutation, DrawAuthorityWithAuthorityMutation, ErrorCode, PublishManifestMutation } from './gql/graphql.js';
import type { DrawRefusal, DrawResult, Drawn, DrawnWithAuthority, PublishManifestResult, SignOff } from './types.js';

/*
 * How the API's answers, as the codegen types them from the SDL, become the
 * client's results and errors. A union member the SDL adds, or a field it
 * drops, fails the type check here rather than surprising an agent.
 */

/** A domain error inside a result union, as every document selects it. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  /** Carried by `SignOffClosed`: the request as it now stands. */
  signOff?: SignOff;
}

/** `drawAuthority`'s answer, as either draw document selects it. */
export type DrawAnswer = DrawAuthorityMutation['drawAuthority'] | DrawAuthorityWithAuthorityMutation['drawAuthority'];

/** `publishManifest`'s answer. */
export type PublishAnswer = PublishManifestMutation['publishManifest'];

/** Narrows a result union to its success member, by `__typename`. */
export function isSuccess<TAnswer extends { __typename: string }, TName extends TAnswer['__typename']>(
  answer: TAnswer,
  typename: TName,
): answer is Extract<TAnswer, { __typename: TName }> {
  return answer.__typename === typename;
}

/**
 * Each draw refusal's code, by the union member that carries it (the API
 * pairs them one to one). `satisfies` keeps it whole: a member added to
 * `DrawAuthorityResult` fails the type check until it is mapped here.
 */
const DRAW_REFUSAL_CODES = {
  Revoked: 'REVOKED',
  Exhausted: 'EXHAUSTED',
  DispatchKeyReused: 'DISPATCH_KEY_REUSED',
  Expired: 'EXPIRED',
  NotYetValid: 'NOT_YET_VALID',
  PerDrawCapExceeded: 'PER_DRAW_CAP_EXCEEDED',
  NotFound: 'NOT_FOUND',
} as const satisfies Record<Exclude<DrawAnswer['__typename'], 'Drawn'>, DrawRefusal['code']>;

/**
 * Keeps the fields each answer carries, and only those, so the result narrows
 * on `kind` and then `code`. A landed draw is `replayed` when its dispatch key
 * had drawn before, or when the whole answer is an idempotency replay
 * (`answerReplayed`): in both, this call drew nothing.
 */
export function drawResult(answer: DrawAnswer, answerReplayed = false): DrawResult<Drawn | DrawnWithAuthority> {
  switch (answer.__typename) {
    case 'Drawn': {
      const drawn: Drawn = { kind: 'drawn', receipt: answer.receipt, replayed: answer.replayed || answerReplayed };
      return 'authority' in answer ? { ...drawn, authority: answer.authority } : drawn;
    }
    case 'Revoked':
      return { kind: 'refused', code: DRAW_REFUSAL_CODES.Revoked, message: answer.message, reason: answer.reason };
    case 'Exhausted':
      return { kind: 'refused', code: DRAW_REFUSAL_CODES.Exhausted, message: answer.message, remaining: answer.remaining };
    case 'DispatchKeyReused':
      return { kind: 'refused', code: DRAW_REFUSAL_CODES.DispatchKeyReused, message: answer.message, receipt: answer.receipt };
    default:
      return { kind: 'refused', code: DRAW_REFUSAL_CODES[answer.__typename], message: answer.message };
  }
}

/** `publishManifest`'s answer as the client's result; `replayed` says whether it came from the idempotency record. */
export function publishResult(answer: PublishAnswer, replayed: boolean): PublishManifestResult {
  switch (answer.__typename) {
    case 'ManifestPublished':
      return { kind: 'published', verdict: answer.verdict, manifest: answer.manifest, replayed };
    case 'ManifestVersionTaken':
      return { kind: 'refused', code: 'MANIFEST_VERSION_TAKEN', message: answer.message, storedDigest: answer.storedDigest };
    case 'BadAttestation':
      return { kind: 'refused', code: 'BAD_ATTESTATION', message: answer.message };
    case 'LimitReached':
      return { kind: 'refused', code: 'LIMIT_REACHED', message: answer.message, max: answer.max };
  }
}

export function refusalError(result: Refusal): CountersignError {
  return new CountersignError(result.code, result.message, { status: 200, signOff: result.signOff });
}

export function graphQLErrorsError(errors: readonly { message: string; extensions?: { code?: unknown } }[]): CountersignError {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? (first.extensions.code as CountersignErrorCode) : 'INTERNAL';
  return new CountersignError(code, first?.message ?? 'The subscription failed.');
}

export function closedError(): CountersignError {
  return new CountersignError('CLOSED', 'The Countersign client was closed.');
}
