import { type HttpBindings, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '#tests/support/free-port';
import { responseWithHeaders, securityHeadersOf } from './response-headers.server';

/** Every answer written by Node carries what Hono's secureHeaders sends, and a request id, without Hono's Headers. */

const options = {
  contentSecurityPolicy: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
};
const jsonOptions = {
  contentSecurityPolicy: { frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  crossOriginEmbedderPolicy: false,
};
const SHARED = { 'Cache-Control': 'no-store' };

const app = new Hono<{ Bindings: HttpBindings }>()
  .get('/json', (c) => c.json({ ok: true }))
  .get('/page', (c) => c.html('<p>oi</p>'))
  .get('/own', (c) => c.json({}, 200, { 'x-frame-options': 'SAMEORIGIN', 'X-Request-Id': 'mine' }))
  .get('/shared', (c) => c.json({}, 200, SHARED))
  .get('/node', (c) => {
    // A handler writing on Node's response itself, as the event stream does.
    c.env.outgoing.statusCode = 204;
    c.env.outgoing.end();
    // @hono/node-server's RESPONSE_ALREADY_SENT.
    return new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
  });
let url = '';
let server: ReturnType<typeof serve>;
let expected: [string, string][] = [];
let expectedJson: [string, string][] = [];

beforeAll(async () => {
  expected = await securityHeadersOf(secureHeaders(options));
  expectedJson = await securityHeadersOf(secureHeaders(jsonOptions));
  const port = await freePort();
  server = serve({
    fetch: app.fetch,
    port,
    hostname: '127.0.0.1',
    serverOptions: { ServerResponse: responseWithHeaders({ document: expected, json: expectedJson }) },
  });
  url = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  server.close();
});

const security = (headers: Headers) =>
  [...headers].filter(
    ([name]) =>
      ![
        'x-request-id',
        'date',
        'connection',
        'keep-alive',
        'content-length',
        'content-type',
        'cache-control',
      ].includes(name),
  );

it("sends Hono's own security headers, a page's set or a JSON answer's, and a new request id on every answer", async () => {
  expect(expected.map(([name]) => name)).toEqual(
    expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options']),
  );
  expect(expectedJson.map(([name]) => name).sort()).toEqual([
    'content-security-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ]);
  for (const [path, set] of [
    ['/json', expectedJson],
    ['/page', expected],
    ['/node', expected],
    ['/missing', expected],
  ] as const) {
    const response = await fetch(`${url}${path}`);
    expect(security(response.headers), path).toEqual(set);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  }
});

it("keeps the caller's request id when it is a plain token, and replaces any other", async () => {
  const sent = async (id: string) =>
    (await fetch(`${url}/json`, { headers: { 'x-request-id': id } })).headers.get('x-request-id');
  expect(await sent('abc-123=')).toBe('abc-123=');
  expect(await sent('a b')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await sent('x'.repeat(256))).toMatch(/^[0-9a-f-]{36}$/);
});

it("lets a handler's own header win, once, in whatever case it was written", async () => {
  const response = await fetch(`${url}/own`);
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(response.headers.get('x-request-id')).toBe('mine');
});

it("leaves a handler's shared header object as it was", async () => {
  const response = await fetch(`${url}/shared`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  expect(SHARED).toEqual({ 'Cache-Control': 'no-store' });
});
