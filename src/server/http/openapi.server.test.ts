import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app';
import { API_OPERATIONS, buildOpenApiDocument } from './openapi.server';

describe('the operations', () => {
  it('lists each method and path once', () => {
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
    const form = create.requestBody.content['multipart/form-data']?.schema.properties;
    expect(form?.firstFrame).toMatchObject({ format: 'binary' });
    // The first frame's old field name stays for one release, marked deprecated (docs/video-contract.md).
    expect(form?.image).toMatchObject({ format: 'binary', deprecated: true });
    const view = document.paths['/api/videos/{id}']?.get as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(JSON.stringify(view.responses['200']?.content['application/json']?.schema)).toContain(
      '"referenceImageUrl":{"type":["string","null"],"deprecated":true',
    );
    expect(document.paths['/api/dev/mailbox']).toBeUndefined();
  });

  it("lists each operation's declared error codes under their statuses", () => {
    const film = document.paths['/api/films']?.post as { responses: Record<string, { description: string }> };
    expect(film.responses['409']?.description).toContain('`mixed_aspect_ratios`');
    expect(film.responses['401']?.description).toContain('`unauthorized`');
    const cast = document.paths['/api/cast']?.post as { responses: Record<string, { description: string }> };
    expect(Object.keys(cast.responses)).not.toContain('invalid_json');
    expect(cast.responses['400']?.description).not.toContain('invalid_json');
  });

  it('gives every operation a unique operationId: its name in its contract', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(ids.length).toBe(new Set(ids).size);
    expect(document.paths['/api/cast/{id}']?.patch?.operationId).toBe('updateCastMember');
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

  it("is the library's document of the mounted routes, the same as the declarations' own", async () => {
    const body = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: unknown };
    expect(body.paths).toEqual(buildOpenApiDocument({ devMailbox: true }).paths);
  });
});
