import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers on every response. The console is an approval screen: it must
 * never render inside another site's frame (a framed "Approve" button can be
 * clickjacked), must run only its own scripts, and must not leak its URLs
 * through Referer. The console's build has no inline script, so the policy
 * allows none.
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style properties through the DOM, which CSP does not govern; no inline <style> is needed.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      // 'self' covers the same-origin WebSocket (ws:/wss:) for the live views.
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // HSTS only where the request came over TLS (directly or through a trusted proxy): set below.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
});

export function securityHeaders(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    setSecurityHeaders(res, req.secure);
    next();
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers on one response, Express's or one served without it (POST /graphql, graphql-post.ts); `secure` as Express's `req.secure`. */
export function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of HELMET_HEADERS) {
    if (value === undefined) res.removeHeader(name);
    else res.setHeader(name, value);
  }
  if (secure) res.setHeader('Strict-Transport-Security', HSTS);
}

/**
 * What helmet does to every response, read once by running it on a stand-in
 * response: its policy here depends on nothing in the request, and applying
 * the list is a tenth of the cost of running its middleware chain per request.
 */
const HELMET_HEADERS: [name: string, value: string | undefined][] = (() => {
  const done: [string, string | undefined][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => done.push([name, String(value)]),
    removeHeader: (name: string) => done.push([name, undefined]),
    getHeader: () => undefined,
  };
  let finished = false;
  helmetHeaders({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, () => (finished = true));
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be read once');
  return done;
})();
