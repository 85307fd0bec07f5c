import { isIP } from 'node:net';

/** Names Express (`proxy-addr`) expands to ranges: loopback is 127.0.0.0/8 and ::1. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Trusted when COUNTERSIGN_TRUSTED_PROXIES is unset: only a proxy on this machine. */
const DEFAULT_TRUSTED_PROXIES = ['loopback'];

/**
 * Reads COUNTERSIGN_TRUSTED_PROXIES: comma-separated addresses or CIDRs (or
 * `loopback`, `linklocal`, `uniquelocal`) of the proxies whose
 * `X-Forwarded-For` names the real client. The sign-in throttle counts per
 * client, so behind a load balancer its address must be listed, or every
 * client looks like the balancer; any other peer's `X-Forwarded-For` is
 * ignored, or a caller could pick a fresh client address for every guess.
 * Unset: loopback only. Empty: no proxy is trusted.
 */
export function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined) return [...DEFAULT_TRUSTED_PROXIES];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isTrustedProxyEntry(entry)) {
      throw new Error(`COUNTERSIGN_TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR (such as 10.0.0.0/8) or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address!);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
