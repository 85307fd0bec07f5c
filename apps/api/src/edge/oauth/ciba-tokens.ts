import { createHmac } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import { notePoll, signOffOfRequest } from '../../domains/oauth/ciba-store.js';
import { redeemSignOff } from '../../domains/signoffs/grants/grants.js';
import type { ArtefactPayload } from '../../domains/oauth/artefact-store.js';
import type { OidcModule } from './load-provider.js';
import type { OAuthKeys } from '../../domains/oauth/keys.js';
import { OAUTH_ROUTES } from './routes.js';

/** The scope of a CIBA client's (destroyed) provider token: the approval it asked for. */
export const APPROVAL_SCOPE = 'countersign:approval';

/** The CIBA grant type (CIBA Core §10.1). */
export const CIBA_GRANT = 'urn:openid:params:grant-type:ciba';

/** States in which the owner has not decided yet. */
const UNDECIDED = new Set(['pending', 'partially_approved']);

/**
 * A backchannel request as the token endpoint reads it, settled from its
 * sign-off (docs/oauth.md, rule OA7): the provider learns the owner's
 * decision when a client polls, on whichever instance it polls, from the
 * database. Approved: a grant for the bound agent. Denied: `access_denied`
 * with the owner's note. Expired, withdrawn or lapsed: `expired_token`.
 * Still undecided: `authorization_pending`, or `slow_down` for a poll that
 * came sooner than the interval.
 */
export function settleFromSignOff({ oidc, db, provider }: { oidc: OidcModule; db: Database; provider: () => Provider | undefined }) {
  return async (id: string, payload: ArtefactPayload): Promise<ArtefactPayload> => {
    if (payload.grantId !== undefined || payload.error !== undefined) return payload;
    const signOff = await signOffOfRequest(db.pool, id);
    if (!signOff) return payload;
    if (UNDECIDED.has(signOff.state)) {
      if (!(await notePoll(db.pool, id))) throw new oidc.errors.SlowDown('Poll no more often than every 5 seconds.');
      return payload;
    }
    if (signOff.state === 'awaiting_redeem') {
      const current = provider();
      if (!current) return payload;
      const grant = new current.Grant({ accountId: String(payload.accountId), clientId: String(payload.clientId) });
      grant.addOIDCScope(typeof payload.scope === 'string' ? payload.scope : 'openid');
      return { ...payload, grantId: await grant.save() };
    }
    if (signOff.state === 'denied') {
      return { ...payload, error: 'access_denied', errorDescription: signOff.note ? `The owner denied it: ${signOff.note}` : 'The owner denied it.' };
    }
    return { ...payload, error: 'expired_token', errorDescription: `The request is ${signOff.state}: ask again.` };
  };
}

/** Seconds until a JWT's `exp`. */
function secondsLeft(jwt: string): number {
  return Math.max(0, (decodeJwt(jwt).exp ?? 0) - Math.floor(Date.now() / 1000));
}

export interface CibaTokenDeps {
  db: Database;
  log: Logger;
  runtime: Runtime;
  /** The provider's keys: the ID token is signed again with its subject made pairwise. */
  keys: OAuthKeys;
}

/**
 * The ID token again, its subject a pairwise id of client and agent (an HMAC
 * under this server's key: two clients cannot correlate one agent, and it
 * never names an owner who approved), without `at_hash`, whose access token
 * was replaced. oidc-provider offers pairwise subjects to CIBA clients only
 * with private_key_jwt or mTLS; these authenticate with HTTP Basic.
 */
async function pairwiseIdToken(idToken: string, clientId: string, keys: OAuthKeys): Promise<string> {
  const { at_hash: _replaced, ...claims } = decodeJwt(idToken);
  const sub = createHmac('sha256', keys.cookieKey)
    .update(`subject:${clientId}:${String(claims.sub)}`)
    .digest('base64url');
  const header = decodeProtectedHeader(idToken);
  return new SignJWT({ ...claims, sub })
    .setProtectedHeader({ alg: 'EdDSA', kid: header.kid, ...(header.typ ? { typ: header.typ } : {}) })
    .sign(await importJWK(keys.signingJwk as Parameters<typeof importJWK>[0], 'EdDSA'));
}

/**
 * Koa middleware on the provider for CIBA's two endpoints. Before: an agent
 * client's secret is kept as its SHA-256 only, so the secret presented in
 * HTTP Basic is replaced by its hash for the provider to compare. After a
 * CIBA token response: issuing the token is the redeem — the access token
 * becomes the approval token the sign-off's redeem signs (typ, aud the
 * tenant, inputHash: `verifyApproval` verifies it), once; the provider's
 * own opaque token is destroyed, so nothing else is a credential.
 */
export function cibaTokens({ db, log, runtime, keys }: CibaTokenDeps) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    const endpoint = ctx.path === OAUTH_ROUTES.token || ctx.path === OAUTH_ROUTES.backchannel_authentication;
    if (endpoint) hashBasicSecret(ctx);
    await next();
    if (ctx.path !== OAUTH_ROUTES.token || ctx.status !== 200 || ctx.oidc?.params?.grant_type !== CIBA_GRANT) return;
    await ctx.oidc.entities.AccessToken?.destroy();
    const body = ctx.body as Record<string, unknown>;
    delete body.refresh_token;
    const signOff = await signOffOfRequest(db.pool, String(ctx.oidc.params.auth_req_id));
    const outcome = signOff ? await redeemSignOff({ ...serviceDeps(db, log), runtime }, signOff.agent, signOff.id, signOff.inputHash) : undefined;
    if (outcome?.kind !== 'redeemed') {
      ctx.status = 400;
      ctx.body = { error: 'invalid_grant', error_description: 'This request was issued already, or is no longer approved.' };
      return;
    }
    const idToken = typeof body.id_token === 'string' ? await pairwiseIdToken(body.id_token, String(ctx.oidc.client?.clientId), keys) : undefined;
    ctx.body = {
      ...body,
      access_token: outcome.approval,
      token_type: 'Bearer',
      expires_in: secondsLeft(outcome.approval),
      ...(idToken ? { id_token: idToken } : {}),
    };
  };
}

/** Rewrites `Authorization: Basic id:secret` to carry the secret's hash, which is what the client's metadata holds. */
function hashBasicSecret(ctx: KoaContextWithOIDC): void {
  const header = ctx.req.headers.authorization;
  const encoded = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim())?.[1] : undefined;
  if (!encoded) return;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return;
  // RFC 6749 §2.3.1: both halves are form-encoded before joining.
  const id = decoded.slice(0, colon);
  let secret: string;
  try {
    secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
  } catch {
    return;
  }
  ctx.req.headers.authorization = `Basic ${Buffer.from(`${id}:${hashSecret(secret)}`).toString('base64')}`;
}
