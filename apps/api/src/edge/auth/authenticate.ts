import type { Queryable } from '../../platform/db/sql.js';
import { findLiveAgentByKeyHash } from '../../domains/agents/store.js';
import { graphQLError, refusalBeforeRunning } from '../../platform/lib/errors.js';
import { findLiveSession } from '../../domains/owners/sessions-store.js';
import type { Principal } from '../../platform/lib/principal.js';
import { AGENT_KEY_PREFIX, OWNER_TOKEN_PREFIX, hashSecret } from '../../platform/lib/secrets.js';
import { scopeOf, useLiveOwnerToken } from '../../domains/owner-tokens/store.js';
import { agentOfAccessToken } from '../../domains/oauth/access-tokens.js';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'countersign_session';

/** What a request presented, before it is checked. */
export interface Credentials {
  /** The `Authorization` header (HTTP) or `connectionParams.authorization` (WebSocket). */
  authorization: string | undefined;
  /** The raw `Cookie` header. */
  cookie: string | undefined;
  /**
   * Set only by `/mcp` and its tools' in-process GraphQL: the resource an
   * OAuth access token must be for to be accepted (docs/oauth.md, rule OA5).
   * Unset, a bearer that is neither an agent key nor an owner token is refused.
   */
  accessTokenResource?: string | undefined;
}

export interface Authentication {
  principal: Principal | undefined;
  /** A session cookie was sent but names no live session (expired, ended or forged). */
  staleSession: boolean;
  /** When these credentials lapse by themselves (a session's expiry), so a long-lived socket can end then. */
  expiresAt?: Date;
}

/**
 * Resolves the caller. A bearer key that is malformed, unknown or revoked is
 * an error at once (an agent must learn its key is dead, not be served as
 * anonymous); a dead session cookie makes the caller anonymous and is
 * reported when something needs a sign-in.
 */
export async function authenticate(db: Queryable, credentials: Credentials): Promise<Authentication> {
  if (credentials.authorization !== undefined) {
    const key = bearerOf(credentials.authorization);
    if (key && credentials.accessTokenResource !== undefined && !key.startsWith(AGENT_KEY_PREFIX) && !key.startsWith(OWNER_TOKEN_PREFIX)) {
      // An MCP host's OAuth access token: the agent its owner picked, while token, grant and agent all live.
      const principal = await agentOfAccessToken(db, key, credentials.accessTokenResource);
      if (!principal) throw graphQLError('UNAUTHENTICATED', 'This access token is unknown, expired or revoked, or so is the agent it acts as.');
      return { principal, staleSession: false };
    }
    if (!key || !(key.startsWith(AGENT_KEY_PREFIX) || key.startsWith(OWNER_TOKEN_PREFIX))) {
      throw graphQLError(
        'UNAUTHENTICATED',
        'The Authorization header must be "Bearer <agent key>" (or "Bearer <owner token>"); an OAuth access token is accepted at /mcp only.',
      );
    }
    // The prefix says which table to look in, and only that one: an agent's
    // key is never an owner's token, nor the other way round (docs/owner-tokens.md, rule OT5).
    if (key.startsWith(OWNER_TOKEN_PREFIX)) {
      const token = await useLiveOwnerToken(db, hashSecret(key));
      if (!token) throw graphQLError('UNAUTHENTICATED', 'This owner token is unknown or has been revoked.');
      return {
        principal: { kind: 'owner', tenantId: token.tenantId, ownerId: token.ownerId, token: { id: token.id, scope: scopeOf(token.scope) } },
        staleSession: false,
      };
    }
    const keyHash = hashSecret(key);
    const agent = await findLiveAgentByKeyHash(db, keyHash);
    if (!agent) throw graphQLError('UNAUTHENTICATED', 'This agent key is unknown or has been revoked.');
    return { principal: { kind: 'agent', tenantId: agent.tenantId, ownerId: agent.ownerId, agentId: agent.id, keyHash }, staleSession: false };
  }
  const token = readCookie(credentials.cookie, SESSION_COOKIE);
  if (token === undefined) return { principal: undefined, staleSession: false };
  const session = token.length <= 200 ? await findLiveSession(db, hashSecret(token)) : null;
  if (!session) return { principal: undefined, staleSession: true };
  return {
    principal: { kind: 'owner', tenantId: session.tenantId, ownerId: session.ownerId, sessionId: session.id },
    staleSession: false,
    expiresAt: session.expiresAt,
  };
}

/**
 * `authenticate` as every HTTP edge calls it (the GraphQL context, and the
 * routes outside GraphQL through edge/http/route-caller.ts): a database that
 * cannot answer refuses the request as UNAVAILABLE (503, Retry-After),
 * not as a fault of ours.
 */
export async function authenticateRequest(db: Queryable, credentials: Credentials): Promise<Authentication> {
  try {
    return await authenticate(db, credentials);
  } catch (error) {
    throw refusalBeforeRunning(error);
  }
}

/** The key of a well-formed `Bearer <key>` header (at most 200 characters), or undefined. */
function bearerOf(authorization: string): string | undefined {
  const key = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  return key && key.length <= 200 ? key : undefined;
}

/**
 * The hash of the agent key a `Bearer` header carries, unchecked, or
 * undefined when the header holds no well-formed agent key. For a draw,
 * which checks the key inside its own database call (rule A6, step 0):
 * anything else goes through `authenticate`.
 */
export function agentKeyHashOf(authorization: string | undefined): string | undefined {
  const key = authorization === undefined ? undefined : bearerOf(authorization);
  return key?.startsWith(AGENT_KEY_PREFIX) ? hashSecret(key) : undefined;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return ''; // malformed: present, names no session, reads as stale
      }
    }
  }
  return undefined;
}
