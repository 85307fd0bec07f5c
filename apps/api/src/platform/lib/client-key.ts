import { isIPv4, isIPv6 } from 'node:net';

/**
 * One client, as every per-client limit counts it (the sign-in throttle, the
 * connection share): an IPv4 address as it is (also when written
 * IPv4-mapped), an IPv6 address by its /64, since one subscriber usually
 * holds a whole /64 and could otherwise take a fresh address per attempt or
 * per connection.
 */
export function clientKey(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(plain)) return plain.slice(0, 64);
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a, b, c, d] = group.split('.').map(Number);
          return [((a! << 8) | b!).toString(16), ((c! << 8) | d!).toString(16)];
        })
      : [];
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
