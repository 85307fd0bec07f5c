import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../auth/authenticate.js';
import type { SessionCookieWriter } from '../lib/context.js';

/**
 * The session cookie: HttpOnly (no script can read it), SameSite=Strict (no
 * other site can make the browser send it), Secure whenever the request came
 * over HTTPS (directly, or through a proxy on loopback).
 */
export function sessionCookieWriter(req: Request, res: Response): SessionCookieWriter {
  const attributes = `Path=/; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`;
  return {
    set: (token, expiresAt) => {
      res.append('Set-Cookie', `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes}; Expires=${expiresAt.toUTCString()}`);
    },
    clear: () => {
      res.append('Set-Cookie', `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`);
    },
  };
}
