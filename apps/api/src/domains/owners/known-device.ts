import type { SecretBox } from '../../platform/lib/sealed.js';

/** The cookie a browser gets on each successful sign-in (docs: SECURITY.md, "Sign-in under a flood"). */
export const KNOWN_DEVICE_COOKIE = 'countersign_device';
/** How long a device stays known after its last successful sign-in. */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;
/** Bound as associated data: a sealed webhook secret or signing key can never pass for a device cookie, nor the reverse. */
const PURPOSE = 'known-device';
/** Clocks of instances differ a little; a cookie issued "in the future" by more than this is not ours. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The cookie's value for a browser that just signed in as `ownerId`: sealed
 * (AES-256-GCM under the server's sealing key, platform/lib/sealed.ts), so only the
 * server can make one and nobody can alter the owner or the date in it.
 */
export function knownDeviceToken(box: SecretBox, ownerId: string, now: Date): string {
  return box.seal(JSON.stringify({ o: ownerId, t: now.getTime() }), PURPOSE);
}

/**
 * The owner a device cookie was issued to, when it is one of ours and less
 * than a year old; undefined for anything else (absent, altered, sealed
 * under another key, expired), which then signs in like any other client.
 */
export function knownDeviceOwner(box: SecretBox, token: string | undefined, now: Date): string | undefined {
  if (!token || token.length > 512) return undefined;
  try {
    const { o, t } = JSON.parse(box.open(token, PURPOSE)) as { o?: unknown; t?: unknown };
    if (typeof o !== 'string' || typeof t !== 'number') return undefined;
    const age = now.getTime() - t;
    return age < KNOWN_DEVICE_TTL_MS && age > -CLOCK_SKEW_MS ? o : undefined;
  } catch {
    return undefined;
  }
}
