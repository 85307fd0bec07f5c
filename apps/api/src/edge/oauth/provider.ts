import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { OidcModule } from './load-provider.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { cibaFeatures } from './ciba.js';
import { APPROVAL_SCOPE, CIBA_GRANT, settleFromSignOff } from './ciba-tokens.js';
import { CONSENT_PATH, OAUTH_ROUTES } from './routes.js';
import { AGENT_SCOPE, isLiveAgent, mcpResource } from '../../domains/oauth/access-tokens.js';
import { PostgresAdapter } from '../../domains/oauth/adapter.js';
import type { OAuthKeys } from '../../domains/oauth/keys.js';
import { redirectUrisProblem } from '../../domains/oauth/redirect-uris.js';
import type { ArtefactPayload } from '../../domains/oauth/artefact-store.js';
import { renderOAuthError } from './error-page.js';

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
  db: Database;
  log: Logger;
  runtime: Runtime;
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
export function providerConfiguration(
  { oidc, publicUrl, db, log, runtime, keys, secure }: ProviderSettings,
  made: () => Provider | undefined = () => undefined,
): Configuration {
  const { InvalidGrant, InvalidRedirectUri, InvalidClientMetadata } = oidc.errors;
  const settle = settleFromSignOff({ oidc, db, provider: made });
  const onRead = (kind: string, id: string, payload: ArtefactPayload): Promise<ArtefactPayload> => {
    if (kind === 'BackchannelAuthenticationRequest') return settle(id, payload);
    return Promise.resolve(payload);
  };
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    adapter: (name: string) => new PostgresAdapter(db.pool, name, InvalidGrant, onRead),
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
    scopes: ['openid', 'offline_access', AGENT_SCOPE, APPROVAL_SCOPE],
    // Hosts are public clients (a desktop app, a CLI): they prove themselves with PKCE. An owner's CIBA client (OA7)
    // authenticates with HTTP Basic, its secret kept as a hash only (ciba-tokens.ts).
    clientAuthMethods: ['none', 'client_secret_basic'],
    // The code flow only: no implicit or hybrid response type is offered (nor listed in the metadata).
    responseTypes: ['code'],

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
      ...cibaFeatures({ oidc, db, log, runtime }),
      resourceIndicators: resourceIndicators(oidc, publicUrl),
    },
    // The owner consents each time: only the grant this very interaction's consent made is used, never an earlier one.
    loadExistingGrant: async (ctx) => {
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId;
      return grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ((await isLiveAgent(db.pool, sub)) ? { accountId: sub, claims: () => ({ sub }) } : undefined),
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    rotateRefreshToken: () => true,
    expiresWithSession: () => Promise.resolve(false),
    extraClientMetadata: {
      properties: ['software_id'],
      validator: (ctx, _key, _value, metadata) => {
        const problem = redirectUrisProblem(metadata);
        if (problem) throw new InvalidRedirectUri(problem);
        // A client that registers itself is public; confidential ones are made by an owner only (createAgentOAuthClient).
        if (ctx?.oidc?.route === 'registration' && metadata.token_endpoint_auth_method !== 'none') {
          throw new InvalidClientMetadata('token_endpoint_auth_method must be "none": a registered client proves itself with PKCE.');
        }
      },
    },
    ttl: TTL,
    renderError: renderOAuthError,
  };
}

/**
 * RFC 8707: an MCP host's token is for `<public URL>/mcp` alone. A CIBA
 * client's resource is the approval it asked for: its token is the approval
 * token (ciba-tokens.ts), not a credential anywhere.
 */
function resourceIndicators(oidc: OidcModule, publicUrl: string) {
  const { InvalidTarget } = oidc.errors;
  const resource = mcpResource(publicUrl);
  const approvals = `${publicUrl}/approvals`;
  return {
    enabled: true,
    defaultResource: (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(type: string): boolean }) =>
      Promise.resolve(client.grantTypeAllowed(CIBA_GRANT) ? approvals : resource),
    useGrantedResource: () => true,
    getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string, client: { grantTypeAllowed(type: string): boolean }) => {
      const ciba = client.grantTypeAllowed(CIBA_GRANT);
      if (indicator !== (ciba ? approvals : resource)) throw new InvalidTarget(`The only resource for this client is ${ciba ? approvals : resource}.`);
      return ciba
        ? { scope: APPROVAL_SCOPE, audience: approvals, accessTokenTTL: 60, accessTokenFormat: 'opaque' as const }
        : { scope: AGENT_SCOPE, audience: resource, accessTokenTTL: TTL.AccessToken, accessTokenFormat: 'opaque' as const };
    },
  };
}

/** The provider, on the module load-provider.ts imported. */
export function createProvider(settings: ProviderSettings): Provider {
  // The configuration's read hook needs the provider it configures (a CIBA request's grant is the provider's model).
  const holder: { provider?: Provider } = {};
  holder.provider = new settings.oidc.default(
    settings.publicUrl,
    providerConfiguration(settings, () => holder.provider),
  );
  return holder.provider;
}
