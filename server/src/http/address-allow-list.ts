import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR blocks (`203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`) as a BlockList;
 * undefined when the list is empty, which means every address is allowed. Shared by the console's
 * OPERATOR_ALLOWED_IPS and each game provider's allowed addresses, so both read entries the same way.
 */
export function allowList(entries: string[]): BlockList | undefined {
  if (!entries.length) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Whether `ip` may pass `list` (an undefined list lets everyone pass; an unknown address passes no list).
 * An IPv4 client on a dual-stack socket arrives as `::ffff:a.b.c.d`; it is checked as the IPv4 address
 * it is, so an IPv4 entry matches it.
 */
export function addressAllowed(list: BlockList | undefined, ip: string | undefined): boolean {
  if (!list) return true;
  const address = ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return !!address && list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
