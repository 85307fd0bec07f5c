import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Registers the console's service worker in `page` and answers a way to hand
 * it a push message through DevTools, as a push service would (the browser's
 * own push event, the worker's real handler), and to read what it shows.
 */
export async function serviceWorkerPushes(page: Page, context: BrowserContext, baseURL: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const registrationIds: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations)
      if (!registration.isDeleted && registration.scopeURL === `${baseURL}/`) registrationIds.push(registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationIds.length).toBeGreaterThan(0);
  return {
    push: (message: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId: registrationIds[0]!, data: JSON.stringify(message) }),
    shown: () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown })),
      ),
  };
}
