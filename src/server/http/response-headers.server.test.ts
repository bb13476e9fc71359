import { serve } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppEnv } from '#server/kernel/errors.server';
import { freePort } from '#tests/support/free-port';
import { responseHeaders } from './response-headers.server';

/** The request id and security headers written on Node's response are what Hono's own middleware sends. */

const options = {
  contentSecurityPolicy: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
};

function appWith(first: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(first)
    .get('/json', (c) => c.json({ id: c.get('requestId') }))
    .get('/own', (c) => c.json({}, 200, { 'X-Frame-Options': 'SAMEORIGIN' }));
}

const ours = appWith(responseHeaders(secureHeaders(options)));
const hono = appWith(secureHeaders(options) as MiddlewareHandler<AppEnv>);
let url = '';
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  const port = await freePort();
  server = serve({ fetch: ours.fetch, port, hostname: '127.0.0.1' });
  url = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  server.close();
});

const securityOf = (headers: Headers) =>
  [...headers].filter(
    ([name]) => !['x-request-id', 'date', 'connection', 'keep-alive', 'content-length'].includes(name),
  );

it("sends Hono's security headers and a request id, on Node's response and without one", async () => {
  const expected = securityOf((await hono.request('/json')).headers);
  expect(expected.map(([name]) => name)).toContain('content-security-policy');
  for (const response of [await fetch(`${url}/json`), await ours.request('/json')]) {
    expect(securityOf(response.headers)).toEqual(expected);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({ id });
  }
});

it("keeps the caller's request id when it is a plain token, and replaces any other", async () => {
  const sent = async (id: string) =>
    (await fetch(`${url}/json`, { headers: { 'x-request-id': id } })).headers.get('x-request-id');
  expect(await sent('abc-123=')).toBe('abc-123=');
  expect(await sent('a b')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await sent('x'.repeat(256))).toMatch(/^[0-9a-f-]{36}$/);
});

it("lets a handler's own header through on Node's response", async () => {
  expect((await fetch(`${url}/own`)).headers.get('x-frame-options')).toBe('SAMEORIGIN');
});
