import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-rules.server';

/**
 * The one way out to a URL a user gave us (ADR 0048): push endpoints today, customer webhooks next. A stored URL
 * is a request the server makes on the user's behalf, so it must not reach what only the server can reach —
 * loopback, the private network, the cloud's metadata address. The guard:
 * - parses the URL as the WHATWG parser does (it already turns `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1`
 *   into `127.0.0.1`, and `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`), requires `https:` and refuses
 *   credentials in it;
 * - refuses an address literal that is not public (address-rules.server.ts) and the `localhost` names (RFC 6761
 *   §6.3: they resolve to loopback);
 * - resolves the name, refuses the call if ANY address is not public, and connects to the checked addresses only:
 *   the request's `lookup` answers them, so a second resolution (DNS rebinding) cannot swap one in;
 * - never follows a redirect: node:http does not follow them, and a 3xx is a refusal, so a public host cannot
 *   bounce the call inward.
 * A caller narrows it further with `allowsUrl` (push: the browsers' push services only).
 */

export type OutboundRefusal =
  | 'invalid_url'
  | 'insecure_scheme'
  | 'internal_address'
  | 'host_not_allowed'
  | 'redirect';

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  constructor(
    readonly reason: OutboundRefusal,
    detail: string,
  ) {
    super(`outbound call refused (${reason}): ${detail}`);
  }
}

interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name to every address it has; the system resolver unless a test gives its own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** What else the caller requires of the URL (push: one of the browsers' push services). */
  allowsUrl?: (url: URL) => boolean;
  /**
   * Origins reached as they are, over http and at any address: local stand-ins of the outside service (the tests'
   * push service on 127.0.0.1). Configuration refuses them in production.
   */
  exemptOrigins?: readonly string[];
  resolve?: Resolver;
}

const systemResolver: Resolver = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** `[::1]` → `::1`: the URL keeps an IPv6 literal in brackets. */
const unbracketed = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/.test(hostname);

const isExempt = (url: URL, policy: OutboundPolicy) => policy.exemptOrigins?.includes(url.origin) ?? false;

function parsed(target: string): URL {
  try {
    return new URL(target);
  } catch {
    throw new OutboundRefused('invalid_url', 'not a URL');
  }
}

/** The checks that need no DNS, for a form to answer at once; throws OutboundRefused. */
export function checkOutboundUrl(target: string, policy: OutboundPolicy): URL {
  const url = parsed(target);
  if (isExempt(url, policy)) return url;
  if (url.protocol !== 'https:') throw new OutboundRefused('insecure_scheme', url.protocol);
  if (url.username || url.password) throw new OutboundRefused('invalid_url', 'credentials in the URL');
  const host = unbracketed(url.hostname);
  if (isIP(host) ? !isPublicAddress(host) : isLocalhostName(host)) {
    throw new OutboundRefused('internal_address', host);
  }
  if (policy.allowsUrl && !policy.allowsUrl(url)) throw new OutboundRefused('host_not_allowed', url.host);
  return url;
}

/** Every address of the URL's host, each checked (an exempt origin's are taken as they are). */
async function checkedAddresses(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const host = unbracketed(url.hostname);
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  const addresses = await (policy.resolve ?? systemResolver)(host);
  if (addresses.length === 0) throw new OutboundRefused('internal_address', `${host} has no address`);
  const refused = addresses.find(({ address }) => !isPublicAddress(address));
  if (refused && !isExempt(url, policy)) {
    throw new OutboundRefused('internal_address', `${host} resolves to ${refused.address}`);
  }
  return addresses;
}

/** A `lookup` that answers only the addresses already checked, whatever name it is asked (node:net's contract). */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses as [ResolvedAddress];
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

/**
 * What a form checks before it stores a URL: `checkOutboundUrl`, then the name resolved and every address checked
 * (the same rules the call applies again when it is made). Throws OutboundRefused, or the resolver's error for a
 * name that does not resolve.
 */
export async function checkOutboundTarget(target: string, policy: OutboundPolicy): Promise<URL> {
  const url = checkOutboundUrl(target, policy);
  await checkedAddresses(url, policy);
  return url;
}

export interface OutboundRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: Uint8Array | undefined;
  timeoutMs: number;
}

/** The answer's status; its body is read and dropped (no caller of a user-given URL uses it). */
function send(url: URL, request: OutboundRequest, addresses: ResolvedAddress[]): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup(addresses),
        // A socket of its own: a pooled one could have been connected for another name's addresses.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Makes the call if the guard lets it: throws OutboundRefused (nothing was sent, or the answer was a redirect),
 * or the network's error; otherwise the status of the answer.
 */
export async function outboundRequest(
  target: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<number> {
  const url = checkOutboundUrl(target, policy);
  const status = await send(url, request, await checkedAddresses(url, policy));
  if (status >= 300 && status < 400) throw new OutboundRefused('redirect', `answered ${status}`);
  return status;
}
