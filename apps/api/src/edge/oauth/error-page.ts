import type { KoaContextWithOIDC, ErrorOut } from 'oidc-provider';
import { escapeHtml } from '../../delivery/notifications/email/render.js';

/**
 * The page a browser sees when an authorization request cannot even be sent
 * back to its client (an unknown client, a redirect URI it never registered):
 * plain, self-contained, every value escaped, nothing loaded from elsewhere.
 */
export function renderOAuthError(ctx: KoaContextWithOIDC, out: ErrorOut): Promise<void> {
  ctx.type = 'html';
  const lines = Object.entries(out)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
    .join('\n');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Countersign: sign-in failed</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>This sign-in cannot go on</h1>${lines}<p>Go back to the application and start again.</p></main></body></html>`;
  return Promise.resolve();
}
