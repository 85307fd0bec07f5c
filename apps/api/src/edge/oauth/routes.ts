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
