import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { OidcModule } from './load-provider.js';
import type { Queryable } from '../../platform/db/sql.js';
import { AGENT_SCOPE, isLiveAgent, mcpResource } from '../../domains/oauth/access-tokens.js';
import { PostgresAdapter } from '../../domains/oauth/adapter.js';
import type { OAuthKeys } from '../../domains/oauth/keys.js';
import { redirectUrisProblem } from '../../domains/oauth/redirect-uris.js';
import { renderOAuthError } from './error-page.js';

/** Where oidc-provider's endpoints live: under /oauth, beside the API's own routes. */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  jwks: '/oauth/jwks',
  revocation: '/oauth/revoke',
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  backchannel_authentication: '/oauth/backchannel',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  pushed_authorization_request: '/oauth/par',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

/** The console page where the owner consents (apps/console: features/oauth), and where its JSON lives beneath. */
export const CONSENT_PATH = '/oauth/consent';

/** Lifetimes, in seconds (docs/oauth.md, rule OA3). */
const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  RefreshToken: 30 * 24 * 60 * 60,
  Grant: 30 * 24 * 60 * 60,
  Interaction: 10 * 60,
  Session: 60 * 60,
  IdToken: 60 * 60,
  ClientCredentials: 10 * 60,
  DeviceCode: 10 * 60,
  BackchannelAuthenticationRequest: 10 * 60,
  PreAuthorizedCode: 10 * 60,
};

export interface ProviderSettings {
  oidc: OidcModule;
  publicUrl: string;
  db: Queryable;
  keys: OAuthKeys;
  /** Cookies marked Secure: the public URL is https. */
  secure: boolean;
}

/**
 * The authorization server MCP hosts sign in through (the MCP authorization
 * spec, 2025-06-18): oidc-provider, certified, configured so that a host
 * registers itself (RFC 7591), sends its owner to the console to consent,
 * and redeems a code with PKCE S256 for an access token to `/mcp` alone
 * (RFC 8707), acting as the one agent the owner picked.
 */
export function providerConfiguration({ oidc, publicUrl, db, keys, secure }: ProviderSettings): Configuration {
  const { InvalidGrant, InvalidTarget, InvalidRedirectUri } = oidc.errors;
  const resource = mcpResource(publicUrl);
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    adapter: (name: string) => new PostgresAdapter(db, name, InvalidGrant),
    clients: [],
    jwks: { keys: [keys.signingJwk] },
    cookies: {
      keys: [keys.cookieKey],
      // The console's own session cookie is SameSite=Strict and is not sent on a host's redirect; these are Lax.
      names: { session: 'countersign_oauth_session', interaction: 'countersign_oauth_interaction', resume: 'countersign_oauth_resume' },
      long: cookie,
      short: cookie,
    },
    routes: OAUTH_ROUTES,
    // `countersign:agent` is the resource's scope (getResourceServerInfo below); a host also registers it as its client's scope.
    scopes: ['openid', 'offline_access', AGENT_SCOPE],
    // Hosts are public clients (a desktop app, a CLI): they prove themselves with PKCE, and no client secret is ever stored.
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new InvalidTarget(`The only resource here is ${resource}.`);
          return { scope: AGENT_SCOPE, audience: resource, accessTokenTTL: TTL.AccessToken, accessTokenFormat: 'opaque' };
        },
      },
    },
    // The owner consents each time: only the grant this very interaction's consent made is used, never an earlier one.
    loadExistingGrant: async (ctx) => {
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId;
      return grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ((await isLiveAgent(db, sub)) ? { accountId: sub, claims: () => ({ sub }) } : undefined),
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    rotateRefreshToken: () => true,
    expiresWithSession: () => Promise.resolve(false),
    extraClientMetadata: {
      properties: ['software_id'],
      validator: (_ctx, _key, _value, metadata) => {
        const problem = redirectUrisProblem(metadata);
        if (problem) throw new InvalidRedirectUri(problem);
      },
    },
    ttl: TTL,
    renderError: renderOAuthError,
  };
}

/** The provider, on the module load-provider.ts imported. */
export function createProvider(settings: ProviderSettings) {
  return new settings.oidc.default(settings.publicUrl, providerConfiguration(settings));
}
