import { isIPv6, type LookupFunction } from 'node:net';

/**
 * A `lookup` for http(s).request that answers every hostname with the one
 * address already checked, so the connection goes exactly where the address
 * policy looked (no second resolution a rebinding DNS server could answer
 * differently), while the hostname still travels as SNI and Host. Node asks
 * with `all: true` when it races address families, so both forms are answered.
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIPv6(address) ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
