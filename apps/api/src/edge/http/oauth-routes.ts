import type express from 'express';
import type { NextFunction, Request, Response } from 'express';
import type Provider from 'oidc-provider';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { loadOAuthKeys } from '../../domains/oauth/keys.js';
import { admitRegistration, REGISTRATIONS_PER_HOUR } from '../../domains/oauth/registration-limit.js';
import { protectedResourceMetadata } from '../oauth/metadata.js';
import { loadOidcProvider } from '../oauth/load-provider.js';
import { createProvider } from '../oauth/provider.js';
import { CONSENT_PATH, OAUTH_ROUTES } from '../oauth/routes.js';
import { consentRoutes } from './oauth-consent.js';
import { cibaTokens } from '../oauth/ciba-tokens.js';

export interface OAuthRouteDeps {
  db: Database;
  log: Logger;
  runtime: Runtime;
  publicUrl: string;
}

/**
 * The provider, made on first use (its keys come from the database, which
 * may be away at start); a failed attempt is not kept, so the next request
 * tries again.
 */
function lazyProvider({ db, log, runtime, publicUrl }: OAuthRouteDeps): () => Promise<Provider> {
  let made: Promise<Provider> | undefined;
  return () => {
    if (made) return made;
    const attempt = (async () => {
      const [oidc, keys] = await Promise.all([loadOidcProvider(log), loadOAuthKeys(db.pool, runtime.box)]);
      const provider = createProvider({ oidc, publicUrl, db, log, runtime, keys, secure: publicUrl.startsWith('https:') });
      provider.use(cibaTokens({ db, log, runtime, keys }));
      // Behind a proxy terminating TLS, the provider must see the request as https to set Secure cookies.
      provider.proxy = publicUrl.startsWith('https:');
      provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'oauth provider error'));
      return provider;
    })();
    made = attempt;
    attempt.catch(() => {
      if (made === attempt) made = undefined;
    });
    return attempt;
  };
}

/** An OAuth error body (RFC 6749 §5.2), for what is refused before the provider sees it. */
function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}

/**
 * Mounts the authorization server MCP hosts sign in through (docs/oauth.md):
 * the metadata documents, the provider's endpoints under /oauth, the bound
 * on registrations, and the owner's consent. Mounted before the console, so
 * the consent page's own path still falls through to it.
 */
export function mountOAuth(app: express.Express, deps: OAuthRouteDeps): void {
  const provider = lazyProvider(deps);
  const { log, db } = deps;
  // Koa composes its middleware on each callback(): once per provider, then reused.
  const handlers = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  const toProvider = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const oidc = await provider();
      let handle = handlers.get(oidc);
      if (!handle) handlers.set(oidc, (handle = oidc.callback()));
      await handle(req, res);
    } catch (error) {
      log.error({ err: error }, 'oauth provider unavailable');
      if (!res.headersSent) oauthError(res, 503, 'temporarily_unavailable', 'The sign-in service cannot answer now; try again shortly.');
      else next(error);
    }
  };

  // RFC 9728: what /mcp is and who issues its tokens, at the root and at the resource's own path.
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(path, (_req, res) => void res.set('cache-control', 'public, max-age=300').json(protectedResourceMetadata(deps.publicUrl)));
  }
  // RFC 8414 and OpenID Connect Discovery: one document under both names (the provider writes it).
  app.get('/.well-known/openid-configuration', toProvider);
  app.get('/.well-known/oauth-authorization-server', (req, res, next) => {
    req.url = '/.well-known/openid-configuration';
    void toProvider(req, res, next);
  });

  app.post(OAUTH_ROUTES.registration, async (req, res, next) => {
    try {
      const admitted = await admitRegistration(db.pool, req.ip ?? 'unknown');
      if (!admitted.admitted) {
        res.set('retry-after', String(admitted.retryAfterSeconds));
        return oauthError(res, 429, 'rate_limited', `At most ${REGISTRATIONS_PER_HOUR} client registrations an hour from one address.`);
      }
    } catch (error) {
      log.error({ err: error }, 'oauth registration count failed');
      return oauthError(res, 503, 'temporarily_unavailable', 'The sign-in service cannot answer now; try again shortly.');
    }
    void toProvider(req, res, next);
  });

  app.use(`${CONSENT_PATH}/:uid`, consentRoutes({ db, log: deps.log, publicUrl: deps.publicUrl, provider }));
  // Not `app.use('/oauth', …)`: the provider routes on the whole path, and would read a mount path into its own URLs.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/oauth/')) return next();
    // The consent page itself is the console's (a GET of exactly /oauth/consent/:uid).
    if (req.method === 'GET' && /^\/oauth\/consent\/[^/]+\/?$/.test(req.path)) return next();
    void toProvider(req, res, next);
  });
}
