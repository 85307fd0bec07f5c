import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticateRequest } from '../auth/authenticate.js';
import type { Queryable } from '../../platform/db/sql.js';
import { OWNER_TOKEN_NOT_AGENT_KEY, requireScope, STALE_SESSION_MESSAGE } from '../../platform/lib/context.js';
import { clientRefusal, refusalOf, writeJsonRefusal, type JsonRefusal } from '../../platform/lib/json-error.js';
import type { AgentPrincipal, OwnerPrincipal, OwnerScope } from '../../platform/lib/principal.js';
import { clearSessionCookie } from './cookies.js';

/** Who a route outside GraphQL serves, and what its refusals say. */
export interface RouteCallerOptions<K extends 'owner' | 'agent'> {
  /** Where credentials are checked (the main pool, as the GraphQL context checks them). */
  db: Queryable;
  /** The one kind of principal the route serves; the other is FORBIDDEN (403). */
  serves: K;
  /** For an owner route: what the owner's credential must allow (docs/owner-tokens.md, rule OT3); unset: `'read'`. */
  needed?: OwnerScope;
  /** What a caller with no credentials is told (401): how to send them to this route. */
  signIn: string;
  /** What a principal of the other kind is told (403); an owner token on an agent route is also told it is not an agent key. */
  wrongKind: string;
  /**
   * How the route writes a refusal. Unset: the GraphQL-shaped JSON error
   * (platform/lib/json-error.ts); `/mcp` passes its JSON-RPC one, its own contract.
   */
  refuse?: (res: Response, refusal: JsonRefusal) => void;
  /** `/mcp` only: the resource an OAuth access token must be for to be accepted (see `Credentials`). */
  accessTokenResource?: string;
}

/**
 * Authentication for the HTTP routes outside GraphQL, through the GraphQL
 * context's own path (`authenticateRequest`): a malformed, unknown or
 * revoked key is UNAUTHENTICATED (401); a session cookie that names no live
 * session is cleared and refused with GraphQL's words for it; no credentials
 * is 401 with `signIn`; the other kind of principal, or an owner token short
 * of `needed`, is FORBIDDEN (403); a database that cannot answer is
 * UNAVAILABLE (503, Retry-After). A refused request reaches nothing after
 * this. An accepted one carries its principal on `res.locals.caller`
 * (read it with `routeCaller`); any other failure goes to the error handler,
 * which masks it.
 */
export function requireRouteCaller<K extends 'owner' | 'agent'>(options: RouteCallerOptions<K>): RequestHandler {
  const refuse = options.refuse ?? writeJsonRefusal;
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const auth = await authenticateRequest(options.db, {
        authorization: req.get('authorization'),
        cookie: req.get('cookie'),
        accessTokenResource: options.accessTokenResource,
      });
      if (auth.staleSession) clearSessionCookie(req, res);
      const { principal } = auth;
      if (!principal) return refuse(res, refusalOf('UNAUTHENTICATED', auth.staleSession ? STALE_SESSION_MESSAGE : options.signIn));
      if (principal.kind !== options.serves) {
        const ownerToken = principal.kind === 'owner' && principal.token !== undefined;
        return refuse(res, refusalOf('FORBIDDEN', ownerToken ? `${options.wrongKind} ${OWNER_TOKEN_NOT_AGENT_KEY}` : options.wrongKind));
      }
      if (principal.kind === 'owner') requireScope(principal, options.needed ?? 'read');
      res.locals.caller = principal;
    } catch (error) {
      const refusal = clientRefusal(error);
      return refusal ? refuse(res, refusal) : next(error);
    }
    next();
  };
}

/** The principal `requireRouteCaller` accepted for this request. */
export function routeCaller<K extends 'owner' | 'agent'>(res: Response, kind: K): K extends 'owner' ? OwnerPrincipal : AgentPrincipal {
  const caller = res.locals.caller as OwnerPrincipal | AgentPrincipal | undefined;
  if (caller?.kind !== kind) throw new Error(`routeCaller: no ${kind} was authenticated for this request (is requireRouteCaller before the handler?)`);
  return caller as K extends 'owner' ? OwnerPrincipal : AgentPrincipal;
}
