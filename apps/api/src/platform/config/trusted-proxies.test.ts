import { describe, expect, test } from 'vitest';
import { parseTrustedProxies } from './trusted-proxies.js';

describe('COUNTERSIGN_TRUSTED_PROXIES', () => {
  test('trusts only loopback when unset, and no proxy at all when empty', () => {
    expect(parseTrustedProxies(undefined)).toEqual(['loopback']);
    expect(parseTrustedProxies('')).toEqual([]);
  });

  test('reads comma-separated addresses, CIDRs and named ranges', () => {
    expect(parseTrustedProxies(' 10.0.0.0/8, 192.0.2.10 ,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.0.2.10', 'fd00::/8', 'loopback']);
  });

  test('refuses an entry that is not an address, a CIDR or a named range, naming it', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1', 'fd00::/129']) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${bad}`)).toThrow(
        `COUNTERSIGN_TRUSTED_PROXIES: "${bad}" is not an IP address, a CIDR (such as 10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      );
    }
  });
});
