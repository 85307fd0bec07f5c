import type { Resolvers } from '../../generated/graphql.js';
import type { GraphQLError } from 'graphql';
import { domainError, graphQLError, retryLaterError } from '../../platform/lib/errors.js';
import { requireOwner } from '../../platform/lib/context.js';
import { signedInAs } from '../../platform/lib/signed-in.js';
import { reauthenticate, signIn, signOut } from './service.js';
import { KNOWN_DEVICE_TTL_MS, knownDeviceOwner, knownDeviceToken } from './known-device.js';

export const ownerResolvers: Resolvers = {
  Mutation: {
    signIn: async (_root, { input }, ctx) => {
      if (ctx.principal?.kind === 'agent') throw graphQLError('FORBIDDEN', 'Agents authenticate with their key, not by signing in.');
      // A token never becomes a session (docs/owner-tokens.md, rule OT6): a leaked READ token must not grow into a cookie that may do everything.
      if (ctx.principal?.token)
        throw graphQLError('FORBIDDEN', 'An owner token cannot sign in; send it as "Authorization: Bearer <token>" on each request instead.');
      // A WebSocket cannot receive the session cookie, and the throttle needs the client's address.
      if (ctx.clientAddress === undefined) throw graphQLError('BAD_INPUT', 'Sign in over HTTP (POST /graphql): a WebSocket cannot receive the session cookie.');
      const now = ctx.clock();
      const knownDeviceOwnerId = knownDeviceOwner(ctx.runtime.box, ctx.cookies?.knownDevice, now);
      const result = await signIn(ctx, { email: input.email, password: input.password, client: ctx.clientAddress, knownDeviceOwnerId });
      if (result.kind === 'throttled') throw signInRefusal(result.by, result.waitSeconds);
      if (result.kind === 'busy') throw retryLaterError('RATE_LIMITED', 'Too many sign-ins are being checked right now; retry in a moment.', 1);
      if (result.kind === 'invalid') return domainError('InvalidCredentials', 'INVALID_CREDENTIALS', 'The email or the password is wrong.');
      const signedIn = signedInAs(ctx, 'SignedIn', result);
      // Issued anew on every sign-in, so a device in use stays known; a year after its last sign-in it is forgotten.
      ctx.cookies?.setKnownDevice(knownDeviceToken(ctx.runtime.box, result.owner.id, now), new Date(now.getTime() + KNOWN_DEVICE_TTL_MS));
      return signedIn;
    },
    reauthenticate: async (_root, { input }, ctx) => {
      // Any scope may ask; the service refuses every principal but a console session.
      const result = await reauthenticate(ctx, requireOwner(ctx, 'read'), input.password, ctx.clientAddress);
      if (result.kind === 'throttled') throw signInRefusal(result.by, result.waitSeconds);
      if (result.kind === 'busy') throw retryLaterError('RATE_LIMITED', 'Too many passwords are being checked right now; retry in a moment.', 1);
      if (result.kind === 'invalid') return domainError('InvalidCredentials', 'INVALID_CREDENTIALS', 'That password is wrong.');
      return { __typename: 'Reauthenticated', until: result.until };
    },
    signOut: async (_root, _args, ctx) => {
      if (ctx.principal?.kind === 'owner' && ctx.principal.sessionId !== undefined) await signOut(ctx, ctx.principal, ctx.principal.sessionId);
      ctx.cookies?.clear();
      return { __typename: 'SignedOut', signedOut: true };
    },
  },
  Owner: {
    tenant: async (owner, _args, ctx) => {
      const tenant = await ctx.loaders.tenant.load(owner.tenantId);
      if (!tenant) throw new Error(`tenant ${owner.tenantId} of owner ${owner.id} is missing`);
      return tenant;
    },
  },
};

/**
 * RATE_LIMITED (429) with `Retry-After` in seconds: the caller learns when
 * this client may try again, and nothing about whether the address exists.
 */
function signInRefusal(by: 'CLIENT' | 'ADDRESS_FROM_CLIENT', waitSeconds: number): GraphQLError {
  const minutes = Math.ceil(waitSeconds / 60);
  const message =
    by === 'CLIENT'
      ? `Too many failed sign-ins from this client; try again in ${minutes} minute(s).`
      : `Too many failed sign-ins for this address from this client; try again in ${minutes} minute(s).`;
  return retryLaterError('RATE_LIMITED', message, waitSeconds);
}
