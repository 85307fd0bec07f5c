import { isIP } from 'node:net';
import { graphQLError } from './errors.js';
import { isForbiddenAddress, isLoopbackAddress } from './address-policy.js';

/** Longer addresses are refused: no real endpoint needs one, and it is stored and shown on every request. */
const MAX_URL_LENGTH = 2000;

/** The host of a URL as an address literal would be written, without IPv6 brackets. */
function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks the `webhookUrl` of a WEBHOOK operation when the owner defines it,
 * so a mistake is refused with a clear BAD_INPUT then rather than failing
 * every delivery later. Plain `http://` is for local development only (a
 * receiver on this machine outside production); in production an address
 * literal in a private or loopback range is refused here as well, though
 * hostnames can only be judged at delivery, when they are resolved.
 */
export function checkWebhookUrl(raw: string, production: boolean, field = 'webhookUrl'): URL {
  if (raw.length > MAX_URL_LENGTH) throw graphQLError('BAD_INPUT', `${field} is over ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw graphQLError('BAD_INPUT', `${field} is not a URL`);
  }
  if (url.username !== '' || url.password !== '') throw graphQLError('BAD_INPUT', `${field} must not contain credentials (user or password)`);
  // A bare trailing '#' leaves `hash` empty, so the raw text is checked too.
  if (url.hash !== '' || raw.includes('#')) throw graphQLError('BAD_INPUT', `${field} must not contain a fragment (#…)`);
  const host = bareHostname(url);
  if (url.protocol === 'http:') {
    if (production) throw graphQLError('BAD_INPUT', `${field} must use https:// in production`);
    if (host !== 'localhost' && !isLoopbackAddress(host)) {
      throw graphQLError('BAD_INPUT', `${field} must use https:// (http:// is allowed only to localhost or a loopback address)`);
    }
    return url;
  }
  if (url.protocol !== 'https:') throw graphQLError('BAD_INPUT', `${field} must use https://`);
  if (production && (host === 'localhost' || (isIP(host) !== 0 && isForbiddenAddress(host)))) {
    throw graphQLError('BAD_INPUT', `${field} must not point at a private, loopback or link-local address`);
  }
  return url;
}
