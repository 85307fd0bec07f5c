import type { Context } from './context.js';

/**
 * Signs the browser in as the owner a mutation has just let in (sign-in,
 * the first owner's setup, an accepted invitation): sets the session cookie
 * and answers the result that names them. Over WebSocket there is no cookie
 * to set; the callers refuse it first.
 */
export function signedInAs<T extends string, O>(
  ctx: Pick<Context, 'cookies'>,
  typename: T,
  outcome: { session: { token: string; expiresAt: Date }; owner: O },
): { __typename: T; owner: O } {
  ctx.cookies?.set(outcome.session.token, outcome.session.expiresAt);
  return { __typename: typename, owner: outcome.owner };
}
