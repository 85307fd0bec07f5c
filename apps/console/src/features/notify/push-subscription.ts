import { registerServiceWorker } from './service-worker';

/** Why this browser cannot be notified, in the owner's words; undefined when it can (so far as can be told before asking). */
export function pushUnsupportedReason(): string | undefined {
  if (!window.isSecureContext) return 'Push notifications need the console to be opened over https:// (or on localhost).';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'This browser cannot show push notifications. On an iPhone or iPad, add the console to the Home Screen first.';
  }
  if (Notification.permission === 'denied') return DENIED_MESSAGE;
  return undefined;
}

export const DENIED_MESSAGE = 'Notifications are not allowed for this site: allow them when the browser asks, or in its site settings, then try again.';

/** What `registerPushDevice` needs from the browser's subscription. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Refused by the owner (or the browser on their behalf): nothing to retry until they change the site's setting. */
export class PushPermissionDenied extends Error {
  constructor() {
    super(DENIED_MESSAGE);
    this.name = 'PushPermissionDenied';
  }
}

/**
 * Registers the service worker, asks for permission (the browser shows its
 * prompt only on a click, which is why this runs from one), and subscribes
 * with the server's VAPID key. An existing subscription made with another key
 * (the server's key changed) is replaced, since the push service would refuse
 * the server's messages to it.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionKeys> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const registration = await registerServiceWorker();
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser gave a push subscription without its keys.');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** This browser's push endpoint, if it is subscribed, to mark "this device" in the list. */
export async function currentPushEndpoint(registration: ServiceWorkerRegistration | undefined): Promise<string | undefined> {
  return (await registration?.pushManager.getSubscription())?.endpoint;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array<ArrayBuffer>): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** The VAPID key is base64url without padding (RFC 8292); `subscribe` wants its bytes. */
function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** "Chrome on macOS": a name the owner recognises in the device list, which they may edit before saving. */
export function defaultDeviceName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  return system ? `${browser} on ${system}` : browser;
}
