import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  type OutboundPolicy,
  OutboundRefused,
  outboundRequest,
  type Resolver,
} from './outbound-request.server';

/**
 * The outbound guard (ADR 0048): the URL checks that need no DNS, then the resolved addresses, the pinned
 * connection and the refused redirect against local servers. Names are answered by an injected resolver, so
 * nothing here asks a real DNS server or leaves the machine.
 */

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof OutboundRefused) return error.reason;
    throw error;
  }
  return undefined;
};

const refusalOf = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof OutboundRefused) return error.reason;
    throw error;
  }
  return undefined;
};

describe('checkOutboundUrl', () => {
  it.each([
    ['http://127.0.0.1:3301/interno/x', 'insecure_scheme'],
    ['http://hooks.example.com/x', 'insecure_scheme'],
    ['ftp://hooks.example.com/x', 'insecure_scheme'],
    ['https://127.0.0.1/x', 'internal_address'],
    ['https://2130706433/x', 'internal_address'],
    ['https://0x7f.1/x', 'internal_address'],
    ['https://0177.0.0.1/x', 'internal_address'],
    ['https://127.1/x', 'internal_address'],
    ['https://%31%32%37.0.0.1/x', 'internal_address'],
    ['https://0/x', 'internal_address'],
    ['https://[::1]/x', 'internal_address'],
    ['https://[::]/x', 'internal_address'],
    ['https://[::ffff:127.0.0.1]/x', 'internal_address'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/x', 'internal_address'],
    ['https://[::127.0.0.1]/x', 'internal_address'],
    ['https://[fe80::1]/x', 'internal_address'],
    ['https://[fd00::1]/x', 'internal_address'],
    ['https://10.0.0.5/x', 'internal_address'],
    ['https://192.168.1.1/x', 'internal_address'],
    ['https://172.20.0.1/x', 'internal_address'],
    ['https://100.100.100.200/x', 'internal_address'],
    ['https://169.254.169.254/latest/meta-data', 'internal_address'],
    ['https://224.0.0.1/x', 'internal_address'],
    ['https://255.255.255.255/x', 'internal_address'],
    ['https://localhost/x', 'internal_address'],
    ['https://LOCALHOST./x', 'internal_address'],
    ['https://api.localhost/x', 'internal_address'],
    ['https://user:secret@hooks.example.com/x', 'invalid_url'],
    ['not a url', 'invalid_url'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(refusal(() => checkOutboundUrl(url, {}))).toBe(reason);
  });

  it('takes a public https URL, and narrows to what the caller allows', () => {
    expect(checkOutboundUrl('https://hooks.example.com/x', {}).hostname).toBe('hooks.example.com');
    expect(checkOutboundUrl('https://8.8.8.8/x', {}).hostname).toBe('8.8.8.8');
    const onlyExample: OutboundPolicy = { allowsUrl: (url) => url.hostname === 'hooks.example.com' };
    expect(refusal(() => checkOutboundUrl('https://other.example.com/x', onlyExample))).toBe(
      'host_not_allowed',
    );
    expect(refusal(() => checkOutboundUrl('https://hooks.example.com/x', onlyExample))).toBeUndefined();
  });

  it('lets an exempt origin through as it is, and only that origin', () => {
    const policy: OutboundPolicy = { exemptOrigins: ['http://127.0.0.1:3301'] };
    expect(refusal(() => checkOutboundUrl('http://127.0.0.1:3301/push/x', policy))).toBeUndefined();
    expect(refusal(() => checkOutboundUrl('http://127.0.0.1:3302/push/x', policy))).toBe('insecure_scheme');
    expect(refusal(() => checkOutboundUrl('https://127.0.0.1:3301/push/x', policy))).toBe('internal_address');
  });
});

/** Local http servers that count what reaches them. */
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function localServer(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const requests: { method: string | undefined; url: string | undefined; body: string }[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    requests.push({ method: request.method, url: request.url, body: Buffer.concat(chunks).toString() });
    answer(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests };
}

const post = { method: 'POST' as const, headers: { ttl: '60' }, body: Buffer.from('olá'), timeoutMs: 5_000 };

/** A resolver that answers fixed addresses and counts its questions. */
function resolverOf(addresses: string[]): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

describe('outboundRequest', () => {
  it('refuses a name with any address that is not public, before connecting', async () => {
    const target = await localServer((_request, response) => response.writeHead(201).end());
    for (const addresses of [['127.0.0.1'], ['93.184.215.14', '10.0.0.7'], ['2606:4700::1', '::1'], []]) {
      const resolve = resolverOf(addresses);
      const refused = await refusalOf(() =>
        outboundRequest(`https://hooks.example.com:${target.port}/x`, post, { resolve }),
      );
      expect(refused, addresses.join()).toBe('internal_address');
      expect(resolve.asked).toEqual(['hooks.example.com']);
    }
    expect(target.requests).toEqual([]);
  });

  it('connects to the address it checked, not to a second resolution of the name', async () => {
    const target = await localServer((_request, response) => response.writeHead(201).end());
    // `push.test` resolves nowhere (RFC 6761 §6.2): only the pinned lookup can have taken the call to 127.0.0.1.
    const resolve = resolverOf(['127.0.0.1']);
    const origin = `http://push.test:${target.port}`;
    const status = await outboundRequest(`${origin}/push/1`, post, { resolve, exemptOrigins: [origin] });
    expect(status).toBe(201);
    expect(resolve.asked).toEqual(['push.test']);
    expect(target.requests).toEqual([{ method: 'POST', url: '/push/1', body: 'olá' }]);
  });

  it('never follows a redirect: a 3xx is refused and its Location is not asked', async () => {
    const elsewhere = await localServer((_request, response) => response.writeHead(200).end());
    const target = await localServer((_request, response) =>
      response.writeHead(303, { location: `http://127.0.0.1:${elsewhere.port}/interno` }).end(),
    );
    const origin = `http://127.0.0.1:${target.port}`;
    for (const status of [301, 302, 303, 307, 308]) {
      const answering = await localServer((_request, response) =>
        response.writeHead(status, { location: `http://127.0.0.1:${elsewhere.port}/interno` }).end(),
      );
      const from = `http://127.0.0.1:${answering.port}`;
      expect(await refusalOf(() => outboundRequest(`${from}/x`, post, { exemptOrigins: [from] }))).toBe(
        'redirect',
      );
      expect(answering.requests).toHaveLength(1);
    }
    expect(await refusalOf(() => outboundRequest(`${origin}/x`, post, { exemptOrigins: [origin] }))).toBe(
      'redirect',
    );
    expect(target.requests).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
  });

  it('answers the status of any other answer, for the caller to judge', async () => {
    const target = await localServer((_request, response) => response.writeHead(503).end('ocupado'));
    const origin = `http://127.0.0.1:${target.port}`;
    expect(await outboundRequest(`${origin}/x`, post, { exemptOrigins: [origin] })).toBe(503);
  });
});
