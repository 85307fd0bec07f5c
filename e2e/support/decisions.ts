import type { Page, Request } from '@playwright/test';

/** A decision the page sent to the API (one or a batch); observed only, never altered. */
function isDecision(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/graphql' && /mutation DecideSignOffs?\b/.test(request.postData() ?? '');
}

/** Every decision the page sends from now on, counted as it leaves the browser: a test asserts none went where none should. */
export function recordDecisions(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isDecision(request)) sent.push(request);
  });
  return sent;
}
