import { createHmac } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { getIP } from 'better-auth/api';
import type { Context } from 'hono';
import { addressBlock } from '#server/kernel/address-block.server';
import type { AppEnv } from '#server/kernel/errors.server';

/**
 * Who a signed-out reporter is, for the per-visitor limit: their client address block (IPv4 /24, IPv6 /64), as the
 * trial and invite marks count people (ADR 0047), kept as an HMAC under the auth secret (an address block is too few
 * values to hide behind a plain hash). The address is read as Better Auth's rate limits read it
 * (accounts/auth.routes.server.ts): X-Forwarded-For is trusted only past TRUSTED_PROXIES, the socket's peer
 * otherwise, so a client cannot pick a fresh address per report by sending the header.
 */
export function visitorMark(
  c: Context<AppEnv>,
  options: { secret: string; trustedProxies: readonly string[] },
): string | null {
  const peer = getConnInfo(c).remote.address;
  if (!peer) return null;
  const forwarded = c.req.header('x-forwarded-for');
  const chain = options.trustedProxies.length > 0 && forwarded ? `${forwarded}, ${peer}` : peer;
  const request = new Request(c.req.url, { headers: { 'x-forwarded-for': chain } });
  const address = getIP(request, {
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies: [...options.trustedProxies] },
    },
  });
  const block = address ? addressBlock(address) : null;
  if (!block) return null;
  return createHmac('sha256', options.secret).update(`cena-report-visitor:${block}`).digest('base64url');
}
