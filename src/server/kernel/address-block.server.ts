import { isIPv4, isIPv6 } from 'node:net';

/**
 * The block a client address belongs to, as the trial (ADR 0047) and invite marks (ADR 0046) count it: its IPv4 /24,
 * or its IPv6 /64 — one subnet, whose last 64 bits are the host's interface identifier (RFC 4291 §2.5.1), and what
 * one subscriber usually holds (RFC 6177), so a machine that changes its own address (privacy addresses) stays in one
 * block; a /24 is the smallest IPv4 block routed on the Internet. An IPv4 address mapped into IPv6 is its IPv4 block.
 */
export function addressBlock(address: string): string | null {
  const plain =
    address
      .trim()
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .split('%')[0] ?? '';
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1] ?? plain;
  if (isIPv4(ipv4)) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(plain)) return null;
  const prefix = ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The eight groups of an IPv6 address with `::` expanded (an IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  if (tail === undefined) return groups(head);
  const missing = 8 - width(groups(head)) - width(groups(tail));
  return [...groups(head), ...Array<string>(Math.max(0, missing)).fill('0'), ...groups(tail)];
}
