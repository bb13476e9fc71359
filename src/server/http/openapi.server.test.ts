import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import type { Auth } from '../accounts/auth.server';
import { loadConfig } from '../config.server';
import type { Jobs } from '../jobs/jobs.server';
import { createLogger } from '../logger.server';
import type { RealtimeHub } from '../realtime/realtime-hub.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import { LOCAL_AVAILABILITY } from '../videos/model-availability.server';
import { createApp } from './app.server';
import { API_OPERATIONS, buildOpenApiDocument, documentedOperations } from './openapi.server';

/**
 * The document cannot drift from the app: the real createApp's route table (built with inert dependencies: nothing
 * is served, only routes are registered) is walked, and every concrete `/api` method + path must be documented and
 * every documented operation must be mounted.
 */

type Key = `${string} ${string}`;

/** Hono's `/api/videos/:id` → OpenAPI's `/api/videos/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

function appOperations(devMailbox: boolean): Set<Key> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'x'.repeat(32) });
  const pool = new pg.Pool({ max: 1 }); // never connected: nothing is requested
  const app = createApp({
    config,
    logger: createLogger('silent'),
    pool,
    jobs: { boss: {} } as unknown as Jobs,
    storage: {} as BlobStorage,
    auth: {} as Auth,
    authSecret: 'x'.repeat(32),
    realtime: {} as RealtimeHub,
    devMailbox,
    modelAvailability: LOCAL_AVAILABILITY,
  });
  void pool.end();
  const keys = new Set<Key>();
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    // Middleware on a wildcard (`app.post('*', jsonBodyLimit)`) is not an endpoint; the one documented wildcard,
    // Better Auth's `/api/auth/*`, is matched to its `{betterAuthPath}` entry.
    if (route.path === '/api/auth/*') keys.add(`${route.method.toLowerCase()} /api/auth/{betterAuthPath}`);
    else if (!route.path.includes('*'))
      keys.add(`${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`);
  }
  return keys;
}

function documented(devMailbox: boolean): Set<Key> {
  return new Set(documentedOperations({ devMailbox }).map((op) => `${op.method} ${op.path}` as Key));
}

describe('the OpenAPI document matches the app', () => {
  for (const devMailbox of [true, false]) {
    const mode = devMailbox ? 'local mode' : 'with SMTP';
    it(`documents every /api route the app mounts (${mode})`, () => {
      const missing = [...appOperations(devMailbox)].filter((key) => !documented(devMailbox).has(key));
      expect(missing, 'routes without an entry in API_OPERATIONS').toEqual([]);
    });

    it(`documents no operation the app lacks (${mode})`, () => {
      const app = appOperations(devMailbox);
      const extra = [...documented(devMailbox)].filter((key) => !app.has(key));
      expect(extra, 'API_OPERATIONS entries the app does not mount').toEqual([]);
    });
  }

  it('lists each operation once', () => {
    const keys = API_OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe('the document', () => {
  const document = buildOpenApiDocument({ devMailbox: false }) as {
    openapi: string;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };

  it('is OpenAPI 3.1 with request schemas from the zod schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    const checkout = document.paths['/api/billing/checkout']?.post as {
      requestBody: { content: Record<string, { schema: Record<string, unknown> }> };
    };
    const schema = checkout.requestBody.content['application/json']?.schema;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['planId', 'billingPeriod'],
      additionalProperties: false,
      properties: { billingPeriod: { enum: ['monthly', 'yearly'] } },
    });
    const list = document.paths['/api/videos']?.get as { parameters: { name: string; in: string }[] };
    expect(list.parameters.map((p) => p.name)).toEqual(['q', 'quality', 'status', 'from', 'to', 'page']);
    const one = document.paths['/api/videos/{id}']?.get as { parameters: { name: string; in: string }[] };
    expect(one.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    const create = document.paths['/api/videos']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    expect(create.requestBody.content['multipart/form-data']?.schema.properties.image).toMatchObject({
      format: 'binary',
    });
    expect(document.paths['/api/dev/mailbox']).toBeUndefined();
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('GET /api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('answers the document without a session, cacheable, with an ETag', async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const body = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe('3.1.0');
    // Local mode (no SMTP): the dev mailbox is mounted, and documented.
    expect(body.paths['/api/dev/mailbox']).toBeDefined();
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const again = await fetch(`${app.url}/api/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
