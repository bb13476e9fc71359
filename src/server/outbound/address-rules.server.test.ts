import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-rules.server';

/** The address rules of the outbound guard (ADR 0048), each range by an address inside it and one just outside. */

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback, the far end'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918), the far end'],
    ['192.168.0.10', 'private (RFC 1918)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT, the far end'],
    ['169.254.169.254', 'link-local: the cloud metadata address'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped private, long form'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata address'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local, the far end'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local, the far end'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['localhost', 'a name, not an address'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['142.250.79.42'],
    ['11.0.0.1'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['169.253.255.255'],
    ['192.169.0.1'],
    ['223.255.255.255'],
    ['2607:f8b0:4004:c1b::5f'],
    ['2a00:1450:4001:82b::200e'],
    ['2620:fe::fe'],
  ])('takes the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
