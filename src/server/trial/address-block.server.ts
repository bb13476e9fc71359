import { isIPv4, isIPv6 } from 'node:net';

/**
 * The block a client address belongs to (ADR 0047): an IPv4 /24 or an IPv6 /64. One subscriber usually holds a
 * whole IPv6 /64 (RFC 6177 recommends delegating at least a /64 per site; SLAAC needs one, RFC 4862), so counting
 * single IPv6 addresses counts nothing; a /24 is the smallest IPv4 block routed on the Internet, and moving across
 * a home's or a small host's few addresses stays inside it.
 */
export function addressBlock(address: string): string | null {
  const bare = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const v4 = mapped ?? bare;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(bare)) return null;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded and leading zeros dropped (one spelling per address). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? [''];
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) =>
    (Number.parseInt(group, 16) || 0).toString(16),
  );
}
