/** Where the built console serves its service worker (Vite copies `public/sw.js` to the root): root scope covers every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the console's service worker (again: the browser keeps one
 * registration per scope and only re-reads the script when it changed) and
 * waits until it is active, which `pushManager.subscribe` requires.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The registration already in place, if any, without installing one: reading whether this browser is subscribed must not install anything. */
export async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}
