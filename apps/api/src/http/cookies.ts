import type { Request, Response } from 'express';
import { readCookie, SESSION_COOKIE } from '../auth/authenticate.js';
import type { SessionCookieWriter } from '../lib/context.js';
import { KNOWN_DEVICE_COOKIE } from '../owners/known-device.js';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Strict (no
 * other site can make the browser send it), Secure whenever the request came
 * over HTTPS (directly, or through a proxy on loopback). Beside it, the
 * known-device cookie a sign-in sets and the next sign-in reads, Secure also
 * whenever the public URL is https.
 */
export function sessionCookieWriter(req: Request, res: Response, publicUrl: string): SessionCookieWriter {
  const attributes = `Path=/; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`;
  // The known-device cookie (owners/known-device.ts) names no session and opens nothing: Lax, so that following
  // a link to the console still sends it; only /graphql, where signing in happens, receives it.
  const device = `Path=/graphql; HttpOnly; SameSite=Lax${req.secure || publicUrl.startsWith('https:') ? '; Secure' : ''}`;
  return {
    set: (token, expiresAt) => {
      res.append('Set-Cookie', `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes}; Expires=${expiresAt.toUTCString()}`);
    },
    clear: () => {
      res.append('Set-Cookie', `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`);
    },
    knownDevice: readCookie(req.get('cookie'), KNOWN_DEVICE_COOKIE),
    setKnownDevice: (token, expiresAt) => {
      res.append('Set-Cookie', `${KNOWN_DEVICE_COOKIE}=${encodeURIComponent(token)}; ${device}; Expires=${expiresAt.toUTCString()}`);
    },
  };
}
