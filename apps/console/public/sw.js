/* global self -- a service worker's global scope (ServiceWorkerGlobalScope) */
/* Countersign's service worker: shows the server's push notifications and opens the request a click names.
   Served from the console's root (/sw.js) so its scope covers every console page. */

/** Whether a console page is on screen: the owner sees the change there, so a closing message needs no notification of its own. */
async function consoleVisible() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((client) => client.visibilityState === 'visible');
}

/**
 * A `close` message (the request was decided, here or elsewhere) takes the
 * request's notification away and shows nothing. Chrome subscribes with
 * userVisibleOnly and, once a site has used up its small allowance of silent
 * pushes, shows its own "This site has been updated in the background"
 * instead. So when no console page is visible and no other notification of
 * ours remains on screen, the closed one is replaced by a quiet one saying
 * what happened (same tag, no sound or vibration): it says more than Chrome's
 * generic notice would, and is the one case where something must be shown.
 */
async function closeRequestNotification(message) {
  for (const notification of await self.registration.getNotifications({ tag: message.tag })) notification.close();
  if (await consoleVisible()) return;
  if ((await self.registration.getNotifications()).length > 0) return;
  await self.registration.showNotification(message.title, { tag: message.tag, body: message.body || '', silent: true, data: { url: message.url } });
}

/** The actions of a request's notification; browsers without actions (Safari) show none, and a click opens the request. */
const DECISION_ACTIONS = [
  { action: 'approve', title: 'Approve…' },
  { action: 'deny', title: 'Deny…' },
];

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : undefined;
  } catch {
    message = undefined;
  }
  if (!message || typeof message.tag !== 'string' || typeof message.title !== 'string') return;
  if (message.close === true) {
    event.waitUntil(closeRequestNotification(message));
    return;
  }
  // A request's notification offers Approve and Deny (UI11). Each only opens the request's page with that
  // decision readied; the owner makes it there, in a window, with the gesture its risk asks for.
  event.waitUntil(
    self.registration.showNotification(message.title, { body: message.body || '', tag: message.tag, data: { url: message.url }, actions: DECISION_ACTIONS }),
  );
});

/** Only the console's own pages are opened: a link naming another origin (a misconfigured public URL) keeps its path on this one. */
function consoleUrl(raw) {
  try {
    if (typeof raw !== 'string') return new URL('/inbox', self.location.origin).href;
    const url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(url.pathname + url.search, self.location.origin).href;
  } catch {
    return new URL('/inbox', self.location.origin).href;
  }
}

/** The page an action opens: the request's own, with `?confirm=` naming the decision to ready (nothing else for a plain click). */
function actionUrl(raw, action) {
  const url = new URL(consoleUrl(raw));
  if (action === 'approve' || action === 'deny') url.searchParams.set('confirm', action);
  return url.href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = actionUrl(event.notification.data && event.notification.data.url, event.action);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url === url) return;
        try {
          await focused.navigate(url);
          return;
        } catch {
          // navigate() works on pages this worker controls; one opened before it was installed gets a window of its own.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// Take over open console pages at once, so a click can navigate them without a reload first.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
