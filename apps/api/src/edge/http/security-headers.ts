import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Headers on every response. The console is an approval screen: it must
 * never render inside another site's frame (a framed "Approve" button can be
 * clickjacked), must run only its own scripts, and must not leak its URLs
 * through Referer. The console's build has no inline script, so the policy
 * allows none.
 */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
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
    }),
    (req: Request, res: Response, next: NextFunction) => {
      if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}
