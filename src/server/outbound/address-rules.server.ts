import { BlockList, isIP } from 'node:net';

/**
 * Which addresses an outbound call to a user-given URL may reach (ADR 0048): only globally routed unicast ones.
 * The ranges are IANA's special-purpose registries — IPv4 (RFC 6890,
 * https://www.iana.org/assignments/iana-ipv4-special-registry/) and IPv6
 * (https://www.iana.org/assignments/iana-ipv6-special-registry/) — plus multicast and the reserved 240/4, which
 * holds the broadcast address. Node's BlockList does the prefix maths and matches an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) against the IPv4 rules itself.
 */

const IPV4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space, carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where clouds answer instance metadata
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private (RFC 1918)
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (limited broadcast)
];

/**
 * IPv6 is taken from the global unicast block 2000::/3 only, so loopback, unspecified, IPv4-mapped and
 * -compatible forms (all in ::/8), NAT64 64:ff9b::/96, unique-local fc00::/7, link-local fe80::/10 and multicast
 * ff00::/8 are all outside it; these are the special ranges inside it.
 */
const IPV6_GLOBAL_UNICAST: [string, number] = ['2000::', 3];
const IPV6_NOT_PUBLIC: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries any IPv4 address, a private one included
  ['3fff::', 20], // documentation (RFC 9637)
];

function listOf(ranges: [string, number][], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

const ipv4NotPublic = listOf(IPV4_NOT_PUBLIC, 'ipv4');
const ipv6GlobalUnicast = listOf([IPV6_GLOBAL_UNICAST], 'ipv6');
const ipv6NotPublic = listOf(IPV6_NOT_PUBLIC, 'ipv6');

/** An IP address (no brackets) that an outbound call may connect to; false for anything that is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !ipv4NotPublic.check(address, 'ipv4');
  if (family === 6) {
    return ipv6GlobalUnicast.check(address, 'ipv6') && !ipv6NotPublic.check(address, 'ipv6');
  }
  return false;
}
