import { isIPv4, isIPv6 } from 'node:net';

/** A network prefix over the address's bytes. */
interface Prefix {
  bytes: number[];
  bits: number;
}

function prefix(address: string, bits: number): Prefix {
  const bytes = isIPv4(address) ? ipv4Bytes(address) : ipv6Bytes(address);
  return { bytes, bits };
}

/**
 * IPv4 blocks a webhook must not reach in production: this host, private
 * networks, carrier-grade NAT, link-local (cloud metadata lives at
 * 169.254.169.254), IETF protocol assignments, benchmarking, multicast,
 * reserved and broadcast. Documentation blocks stay reachable: nothing
 * routes there anyway.
 */
const FORBIDDEN_V4: Prefix[] = [
  prefix('0.0.0.0', 8),
  prefix('10.0.0.0', 8),
  prefix('100.64.0.0', 10),
  prefix('127.0.0.0', 8),
  prefix('169.254.0.0', 16),
  prefix('172.16.0.0', 12),
  prefix('192.0.0.0', 24),
  prefix('192.168.0.0', 16),
  prefix('198.18.0.0', 15),
  prefix('224.0.0.0', 4),
  prefix('240.0.0.0', 4),
];

/** IPv6 blocks refused outright: link-local, deprecated site-local, unique-local, multicast, discard-only and local-use NAT64. */
const FORBIDDEN_V6: Prefix[] = [
  prefix('fe80::', 10),
  prefix('fec0::', 10),
  prefix('fc00::', 7),
  prefix('ff00::', 8),
  prefix('100::', 64),
  prefix('64:ff9b:1::', 48),
];

/**
 * IPv6 blocks that carry an IPv4 address, with the byte at which it starts:
 * mapped (`::ffff:10.0.0.1`), SIIT's IPv4-translated form
 * (`::ffff:0:10.0.0.1`, RFC 6145), the deprecated compatible form (which
 * also covers `::` and `::1`), well-known NAT64, 6to4, and Teredo
 * (`2001::/32`, RFC 4380), whose last 32 bits are the client's IPv4 address
 * with every bit inverted (`invert`). Each is judged by the IPv4 address
 * inside, since that is where the packets can end up.
 */
const EMBEDDING_V4: { within: Prefix; at: number; invert?: true }[] = [
  { within: prefix('::ffff:0:0', 96), at: 12 },
  { within: prefix('::ffff:0:0:0', 96), at: 12 },
  { within: prefix('::', 96), at: 12 },
  { within: prefix('64:ff9b::', 96), at: 12 },
  { within: prefix('2002::', 16), at: 2 },
  { within: prefix('2001::', 32), at: 12, invert: true },
];

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an address `net.isIPv6` accepted (zone already removed), expanding `::` and a trailing dotted quad. */
function ipv6Bytes(address: string): number[] {
  const words = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(group);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = '', tail] = address.split('::');
  const before = words(head);
  const after = tail === undefined ? [] : words(tail);
  const all = [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

function within(bytes: number[], { bytes: base, bits }: Prefix): boolean {
  if (bytes.length !== base.length) return false;
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) return false;
  }
  return true;
}

function withoutZone(ip: string): string {
  const zone = ip.indexOf('%');
  return zone === -1 ? ip : ip.slice(0, zone);
}

/** The IPv4 address an IPv4 literal is, or an IPv6 literal carries; undefined for other IPv6 addresses. */
function innerIPv4(address: string): number[] | undefined {
  if (isIPv4(address)) return ipv4Bytes(address);
  const bytes = ipv6Bytes(address);
  const embedding = EMBEDDING_V4.find(({ within: block }) => within(bytes, block));
  if (!embedding) return undefined;
  const v4 = bytes.slice(embedding.at, embedding.at + 4);
  return embedding.invert ? v4.map((byte) => byte ^ 0xff) : v4;
}

/**
 * True when a webhook must not be sent to `ip` in production: loopback,
 * private, link-local, unique-local, CGNAT, unspecified, multicast,
 * broadcast and reserved addresses, in either family and in IPv6 forms that
 * embed such an IPv4 address. Anything that is not an IP literal is
 * forbidden too: a policy that cannot read an address must not wave it through.
 */
export function isForbiddenAddress(ip: string): boolean {
  const address = withoutZone(ip);
  if (!isIPv4(address) && !isIPv6(address)) return true;
  const v4 = innerIPv4(address);
  if (v4) return FORBIDDEN_V4.some((block) => within(v4, block));
  const bytes = ipv6Bytes(address);
  return FORBIDDEN_V6.some((block) => within(bytes, block));
}

const LOOPBACK_V4 = prefix('127.0.0.0', 8);
const LOOPBACK_V6 = prefix('::1', 128);
const MAPPED_V4 = prefix('::ffff:0:0', 96);

/** True for 127.0.0.0/8, `::1` and IPv4-mapped loopback: the only hosts plain `http://` may name, and only outside production. */
export function isLoopbackAddress(ip: string): boolean {
  const address = withoutZone(ip);
  if (isIPv4(address)) return within(ipv4Bytes(address), LOOPBACK_V4);
  if (!isIPv6(address)) return false;
  const bytes = ipv6Bytes(address);
  return within(bytes, LOOPBACK_V6) || (within(bytes, MAPPED_V4) && within(bytes.slice(12), LOOPBACK_V4));
}
