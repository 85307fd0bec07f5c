import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isForbiddenAddress, isLoopbackAddress } from './address-policy.js';

const forbidden = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback block'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12, low end'],
  ['172.31.255.255', 'private 172.16/12, high end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'link-local: cloud metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT, high end'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['febf:ffff::1', 'IPv6 link-local, high end'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['2002:a00:1::1', '6to4 of 10.0.0.1'],
  ['::ffff:0:10.0.0.1', 'SIIT IPv4-translated private'],
  ['::ffff:0:7f00:1', 'SIIT IPv4-translated loopback in hex'],
  ['::ffff:0:169.254.169.254', 'SIIT IPv4-translated metadata'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'Teredo, client 10.0.0.1'],
  ['2001::80ff:fffe', 'Teredo, client 127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:5601:5601', 'Teredo, client 169.254.169.254'],
  ['2001:0:808:808:0:0:3f57:fefe', 'Teredo, public server 8.8.8.8, client 192.168.1.1'],
  ['localhost', 'not an address literal'],
  ['', 'empty'],
  ['1.2.3', 'not an address literal'],
] as const;

const allowed = [
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.0', 'just above CGNAT'],
  ['169.253.255.255', 'just below link-local'],
  ['11.0.0.0', 'just above 10/8'],
  ['223.255.255.255', 'just below multicast'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
  ['2002:808:808::1', '6to4 of 8.8.8.8'],
  ['::ffff:0:8.8.8.8', 'SIIT IPv4-translated public'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo, client 8.8.8.8'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo, the example of RFC 4380 (client 192.0.2.45)'],
  ['2001:1::1', 'just above Teredo 2001::/32, not an embedding'],
] as const;

describe('isForbiddenAddress', () => {
  test.each(forbidden)('forbids %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  test.each(allowed)('allows %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  test('forbids every address in 10/8 and IPv4-mapped 10/8', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), (b, c, d) => {
        expect(isForbiddenAddress(`10.${b}.${c}.${d}`)).toBe(true);
        expect(isForbiddenAddress(`::ffff:10.${b}.${c}.${d}`)).toBe(true);
      }),
    );
  });

  test('forbids every address in 172.16/12 and 169.254/16', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255), (b, c, d) => {
        expect(isForbiddenAddress(`172.${b}.${c}.${d}`)).toBe(true);
        expect(isForbiddenAddress(`169.254.${c}.${d}`)).toBe(true);
      }),
    );
  });

  test('judges every Teredo address by its client, the last 32 bits inverted, whatever its server', () => {
    const word = (high: number, low: number) => (((high ^ 0xff) << 8) | (low ^ 0xff)).toString(16);
    fc.assert(
      fc.property(fc.nat(0xffff), fc.nat(0xffff), fc.nat(255), fc.nat(255), fc.nat(255), (s1, s2, b, c, d) => {
        const server = `${s1.toString(16)}:${s2.toString(16)}`;
        expect(isForbiddenAddress(`2001:0:${server}:8000:63bf:${word(10, b)}:${word(c, d)}`)).toBe(true);
        expect(isForbiddenAddress(`2001:0:${server}:8000:63bf:${word(8, b)}:${word(c, d)}`)).toBe(false);
      }),
    );
  });

  test('never forbids an address in the public block 8.0.0.0/8', () => {
    fc.assert(
      fc.property(fc.nat(255), fc.nat(255), fc.nat(255), (b, c, d) => {
        expect(isForbiddenAddress(`8.${b}.${c}.${d}`)).toBe(false);
        expect(isForbiddenAddress(`::ffff:8.${b}.${c}.${d}`)).toBe(false);
      }),
    );
  });
});

describe('isLoopbackAddress', () => {
  test.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::', false],
    ['fe80::1', false],
    ['8.8.8.8', false],
    ['localhost', false],
  ] as const)('%s → %s', (ip, loopback) => {
    expect(isLoopbackAddress(ip)).toBe(loopback);
  });
});
