import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { authenticate, type Authentication, type Credentials } from '../../auth/authenticate.js';
import type { Queryable } from '../../../platform/db/sql.js';
import { isDatabaseUnavailable } from '../../../platform/db/unavailable.js';
import type { Logger } from '../../../platform/logger.js';
import { SocketCloseCode } from './socket-registry.js';

/** What graphql-ws's context carries of the socket here: its socket and upgrade request, and whom it was last authenticated as. */
export type AuthenticatedSocketExtra = { socket: WebSocket; request: IncomingMessage; auth?: Authentication };

/**
 * The credentials a socket presents: an agent key or owner token in
 * `connectionParams.authorization`, else the console's cookie from the
 * upgrade request. Undefined when the cookie comes from another origin.
 */
export function credentialsOf(extra: AuthenticatedSocketExtra, params: Record<string, unknown> | undefined): Credentials | undefined {
  const authorization = typeof params?.authorization === 'string' ? params.authorization : undefined;
  const cookie = authorization === undefined ? extra.request.headers.cookie : undefined;
  // A cookie rides along with any page's WebSocket: only our own origin may use it.
  if (cookie && !isSameOrigin(extra.request)) return undefined;
  return { authorization, cookie };
}

/**
 * Authenticates a socket's credentials: the principal, or undefined when
 * they are not valid. A database that cannot answer is not a verdict on the
 * credentials: the socket is closed with 1013 (try again later), which
 * clients retry, rather than 4403, which tells them the key or session is dead.
 */
export function socketAuthenticator(
  db: Queryable,
  log: Logger,
): (credentials: Credentials | undefined, socket: WebSocket) => Promise<Authentication | undefined> {
  return async (credentials, socket) => {
    if (!credentials) return undefined;
    try {
      return await authenticate(db, credentials);
    } catch (error) {
      if (isDatabaseUnavailable(error)) socket.close(SocketCloseCode.TryAgainLater, 'Database unavailable: reconnect shortly');
      else log.error({ err: (error as Error).message }, 'authenticating a socket failed');
      return undefined;
    }
  };
}

function isSameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: cookies are not ambient there
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
