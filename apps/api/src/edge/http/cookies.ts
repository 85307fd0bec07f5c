import { readCookie, SESSION_COOKIE } from '../auth/authenticate.js';
import type { SessionCookieWriter } from '../../platform/lib/context.js';
import { KNOWN_DEVICE_COOKIE } from '../../domains/owners/known-device.js';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Strict (no
 * other site can make the browser send it), Secure whenever the request came
 * over HTTPS (directly, or through a proxy on loopback). Beside it, the
 * known-device cookie a sign-in sets and the next sign-in reads, Secure also
 * whenever the public URL is https.
 */
export function sessionCookieWriter(req: CookieRequest, res: CookieResponse, publicUrl: string): SessionCookieWriter {
  const attributes = sessionAttributes(req);
  // The known-device cookie (domains/owners/known-device.ts) names no session and opens nothing: Lax, so that following
  // a link to the console still sends it; only /graphql, where signing in happens, receives it.
  const device = `Path=/graphql; HttpOnly; SameSite=Lax${req.secure || publicUrl.startsWith('https:') ? '; Secure' : ''}`;
  return {
    set: (token, expiresAt) => {
      res.append('Set-Cookie', `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes}; Expires=${expiresAt.toUTCString()}`);
    },
    clear: () => clearSessionCookie(req, res),
    knownDevice: readCookie(req.get('cookie'), KNOWN_DEVICE_COOKIE),
    setKnownDevice: (token, expiresAt) => {
      res.append('Set-Cookie', `${KNOWN_DEVICE_COOKIE}=${encodeURIComponent(token)}; ${device}; Expires=${expiresAt.toUTCString()}`);
    },
  };
}

/** What the cookies read of a request: whether it came over HTTPS, and its headers (Express's `req` is one; so is graphql-post.ts's). */
export interface CookieRequest {
  secure: boolean;
  get(name: string): string | undefined;
}

/** Where the cookies go: Express's `res.append`, or graphql-post.ts's on a plain response. */
export interface CookieResponse {
  append(field: string, value: string): unknown;
}

function sessionAttributes(req: CookieRequest): string {
  return `Path=/; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`;
}

/** Tells the browser to forget a session cookie that names no live session (GraphQL's context and the routes outside it alike). */
export function clearSessionCookie(req: CookieRequest, res: CookieResponse): void {
  res.append('Set-Cookie', `${SESSION_COOKIE}=; ${sessionAttributes(req)}; Max-Age=0`);
}
