import { canonicalJson, hashCanonical } from '@countersign/manifest';
import { CountersignError } from './errors.js';
import type { NoSecretReason, SignOff, SignOffsFilter } from './types.js';

/* Small pure pieces of `CountersignAgent`: kept apart so the class reads as its calls. */

/** Why a request has no secret to take, from its states as they stand. */
export function noSecretReason(signOff: SignOff): NoSecretReason {
  if (signOff.secretState === 'TAKEN' || signOff.secretState === 'LAPSED') return signOff.secretState;
  if (signOff.state === 'PENDING' || signOff.state === 'PARTIALLY_APPROVED' || signOff.state === 'APPROVED') return 'PENDING';
  return 'NONE';
}

/** The hash the server binds a grant to: SHA-256 (hex) of the input's canonical JSON. */
export function canonicalHash(input: unknown): string {
  try {
    return hashCanonical(canonicalJson(input));
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `The input has no JSON form: ${(error as Error).message}`, { cause: error });
  }
}

/** Drops options set to undefined, so they do not override the defaults they mean to keep. */
export function stripUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Accepts an origin or the endpoint itself; answers the endpoint. */
export function graphQLEndpoint(url: string): URL {
  const endpoint = new URL(url);
  if (!endpoint.pathname.endsWith('/graphql')) endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/graphql`;
  return endpoint;
}

/** The `signOffs` query's variables: unset filters as null, and an `input` as the hash the server matches it by. */
export function signOffsVariables({ state, decided, op, input, first, after }: SignOffsFilter) {
  const requestedInputHash = input === undefined ? null : canonicalHash(input);
  return { state: state ?? null, decided: decided ?? null, op: op ?? null, requestedInputHash, first: first ?? null, after: after ?? null };
}
