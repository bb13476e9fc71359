import { Hono, type MiddlewareHandler } from 'hono';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineContract, EMPTY_BODY } from '#shared/api-contract';
import { type AppEnv, apiError } from './errors.server';
import { type Guards, routesFromContract } from './operations.server';

/**
 * routesFromContract on a contract of its own, mounted in a bare Hono app: no database, no session store. Each
 * handler answers what it was given, so a test sees which operation ran and with what input, and `ran` lists the
 * guards and handlers in the order they ran.
 */

const contract = defineContract({
  listThings: {
    method: 'get',
    path: '/api/things',
    summary: 'Public list',
    tag: 'test',
    auth: 'none',
    responses: { 200: 'The things.' },
  },
  searchThings: {
    method: 'get',
    path: '/api/things/search',
    summary: 'Search with a query',
    tag: 'test',
    auth: 'session',
    query: z.strictObject({
      text: z.string().min(2, 'Digite pelo menos 2 letras.'),
      page: z.string().regex(/^\d+$/, 'Página inválida.').optional(),
    }),
    responses: { 200: 'The matches.' },
  },
  // Declared before the fixed path it could shadow: the mount order, not this order, decides.
  getThing: {
    method: 'get',
    path: '/api/things/{id}',
    summary: 'One thing',
    tag: 'test',
    auth: 'session',
    responses: { 200: 'The thing.' },
  },
  getLatestThing: {
    method: 'get',
    path: '/api/things/latest',
    summary: 'The newest thing',
    tag: 'test',
    auth: 'session',
    responses: { 200: 'The thing.' },
  },
  renameThing: {
    method: 'patch',
    path: '/api/things/{id}',
    summary: 'Rename',
    tag: 'test',
    auth: 'session',
    body: { schema: z.strictObject({ name: z.string().min(1, 'Dê um nome.') }) },
    responses: { 200: 'Renamed.' },
  },
  archiveThing: {
    method: 'post',
    path: '/api/things/{id}/archive',
    summary: 'Archive (admins only)',
    tag: 'test',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: { 200: 'Archived.' },
  },
  uploadThing: {
    method: 'post',
    path: '/api/things/upload',
    summary: 'Upload a file',
    tag: 'test',
    auth: 'session',
    body: { schema: z.strictObject({ file: z.string() }), contentType: 'multipart/form-data' },
    responses: { 200: 'Stored.' },
  },
});

let ran: string[] = [];

/** Stand-ins for the composition root's guards: a header is the session, another the admin role. */
const guards: Guards = {
  session: async (c, next) => {
    ran.push('session guard');
    if (!c.req.header('x-session')) return apiError(c, 401, 'unauthorized', 'Entre na sua conta.');
    await next();
  },
  admin: async (c, next) => {
    ran.push('admin guard');
    if (c.req.header('x-role') !== 'admin') return apiError(c, 403, 'forbidden', 'Acesso restrito.');
    await next();
  },
};

const things = routesFromContract(
  contract,
  { base: '/api/things', guards },
  {
    listThings: (c) => {
      ran.push('listThings');
      return c.json({ operation: 'listThings' });
    },
    searchThings: (c, { query }) => {
      ran.push('searchThings');
      expectTypeOf(query).toEqualTypeOf<{ text: string; page?: string | undefined }>();
      return c.json({ operation: 'searchThings', query });
    },
    getThing: (c, { params, query, body }) => {
      ran.push('getThing');
      expectTypeOf(params).toEqualTypeOf<{ id: string }>();
      expectTypeOf(query).toEqualTypeOf<undefined>();
      expectTypeOf(body).toEqualTypeOf<undefined>();
      return c.json({ operation: 'getThing', params });
    },
    getLatestThing: (c, { params }) => {
      ran.push('getLatestThing');
      expectTypeOf<keyof typeof params>().toEqualTypeOf<never>();
      return c.json({ operation: 'getLatestThing', params });
    },
    renameThing: (c, { params, body }) => {
      ran.push('renameThing');
      expectTypeOf(body).toEqualTypeOf<{ name: string }>();
      return c.json({ operation: 'renameThing', params, body });
    },
    archiveThing: (c, { params, body }) => {
      ran.push('archiveThing');
      return c.json({ operation: 'archiveThing', params, body: body ?? 'none' });
    },
    uploadThing: async (c, { body }) => {
      ran.push('uploadThing');
      expectTypeOf(body).toEqualTypeOf<undefined>();
      const form = await c.req.parseBody();
      const file = form.file;
      return c.json({
        operation: 'uploadThing',
        body: body ?? 'none',
        size: file instanceof File ? file.size : null,
      });
    },
  },
);

const requestIds: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('requestId', 'req-test');
  await next();
};
const app = new Hono<AppEnv>().use(requestIds).route('/api/things', things);

const SESSION = { 'x-session': 'yes' };
const JSON_TYPE = { 'content-type': 'application/json' };

async function call(path: string, init: RequestInit = {}) {
  const response = await app.request(path, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function refusal(status: number, code: string, message: string) {
  return { status, body: { error: { code, message, requestId: 'req-test' } } };
}

beforeEach(() => {
  ran = [];
});

describe('routesFromContract', () => {
  it('refuses any query parameter where the operation declares none, before its handler runs', async () => {
    expect(await call('/api/things?x=1&y=2&x=3')).toEqual(
      refusal(400, 'invalid_request', 'Parâmetro não permitido: x, y.'),
    );
    expect(ran).toEqual([]);
    expect(await call('/api/things')).toEqual({ status: 200, body: { operation: 'listThings' } });
  });

  it('validates a declared query and answers its own pt-BR messages', async () => {
    const search = (query: string) => call(`/api/things/search?${query}`, { headers: SESSION });
    expect(await search('text=a')).toEqual(refusal(400, 'invalid_request', 'Digite pelo menos 2 letras.'));
    expect(await search('text=gato&page=dois')).toEqual(refusal(400, 'invalid_request', 'Página inválida.'));
    expect(await search('text=gato&sort=asc')).toEqual(
      refusal(400, 'invalid_request', 'Parâmetro não permitido: sort.'),
    );
    expect(await search('text=gato&text=cão')).toEqual(
      refusal(400, 'invalid_request', 'Parâmetro repetido: text.'),
    );
    expect(ran.filter((step) => step === 'searchThings')).toEqual([]);
    expect(await search('text=gato&page=2')).toEqual({
      status: 200,
      body: { operation: 'searchThings', query: { text: 'gato', page: '2' } },
    });
  });

  it('validates a JSON body before the handler, in pt-BR', async () => {
    const rename = (body: string, headers: Record<string, string> = JSON_TYPE) =>
      call('/api/things/7', { method: 'PATCH', headers: { ...SESSION, ...headers }, body });
    expect(await rename('{"name":""}')).toEqual(refusal(400, 'invalid_request', 'Dê um nome.'));
    expect(await rename('{"name":"Gato","color":"laranja"}')).toEqual(
      refusal(400, 'invalid_request', 'Campo não permitido: color.'),
    );
    expect(await rename('{"name":')).toEqual(
      refusal(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.'),
    );
    expect(await rename('')).toEqual(
      refusal(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.'),
    );
    expect(await rename('{"name":"Gato"}', { 'content-type': 'text/plain' })).toEqual(
      refusal(415, 'unsupported_media_type', 'Envie os dados em JSON (Content-Type: application/json).'),
    );
    expect(await rename(JSON.stringify({ name: 'g'.repeat(17 * 1024) }))).toEqual(
      refusal(413, 'payload_too_large', 'Corpo da requisição grande demais.'),
    );
    expect(ran.filter((step) => step === 'renameThing')).toEqual([]);
    expect(await rename('{"name":"Gato"}')).toEqual({
      status: 200,
      body: { operation: 'renameThing', params: { id: '7' }, body: { name: 'Gato' } },
    });
  });

  it("refuses with its own 415 a JSON Content-Type the library's media-type gate would refuse", async () => {
    const rename = (type: string) =>
      call('/api/things/7', {
        method: 'PATCH',
        headers: { ...SESSION, 'content-type': type },
        body: '{"name":"Gato"}',
      });
    expect(await rename('application/json;')).toEqual(
      refusal(415, 'unsupported_media_type', 'Envie os dados em JSON (Content-Type: application/json).'),
    );
    expect(ran.filter((step) => step === 'renameThing')).toEqual([]);
    expect((await rename('application/json; charset=utf-8')).status).toBe(200);
  });

  it('takes no body, or the declared one, where the body is not required', async () => {
    const archive = (init: RequestInit) =>
      call('/api/things/7/archive', {
        method: 'POST',
        ...init,
        headers: { 'x-role': 'admin', ...init.headers },
      });
    expect(await archive({})).toEqual({
      status: 200,
      body: { operation: 'archiveThing', params: { id: '7' }, body: 'none' },
    });
    expect(await archive({ headers: JSON_TYPE, body: '  ' })).toEqual({
      status: 200,
      body: { operation: 'archiveThing', params: { id: '7' }, body: 'none' },
    });
    expect(await archive({ headers: JSON_TYPE, body: '{}' })).toEqual({
      status: 200,
      body: { operation: 'archiveThing', params: { id: '7' }, body: {} },
    });
    expect(await archive({ headers: JSON_TYPE, body: '{"force":true}' })).toEqual(
      refusal(400, 'invalid_request', 'Campo não permitido: force.'),
    );
  });

  it('leaves a multipart body unread for its handler, past the JSON size limit', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(32 * 1024)], 'thing.bin'));
    expect(await call('/api/things/upload', { method: 'POST', headers: SESSION, body: form })).toEqual({
      status: 200,
      body: { operation: 'uploadThing', body: 'none', size: 32 * 1024 },
    });
  });

  it("runs only the guard of the operation's auth, before any input check", async () => {
    expect(await call('/api/things')).toEqual({ status: 200, body: { operation: 'listThings' } });
    expect(ran).toEqual(['listThings']);

    ran = [];
    expect(await call('/api/things/7?x=1')).toEqual(refusal(401, 'unauthorized', 'Entre na sua conta.'));
    expect(ran).toEqual(['session guard']);

    ran = [];
    expect((await call('/api/things/7', { headers: SESSION })).status).toBe(200);
    expect(ran).toEqual(['session guard', 'getThing']);

    ran = [];
    expect(
      await call('/api/things/7/archive', { method: 'POST', headers: SESSION, body: '{"x":1}' }),
    ).toEqual(refusal(403, 'forbidden', 'Acesso restrito.'));
    expect(ran).toEqual(['admin guard']);

    ran = [];
    expect(
      (await call('/api/things/7/archive', { method: 'POST', headers: { 'x-role': 'admin' } })).status,
    ).toBe(200);
    expect(ran).toEqual(['admin guard', 'archiveThing']);
  });

  it('serves a fixed path by its own operation, not by a parameter declared before it', async () => {
    expect(await call('/api/things/latest', { headers: SESSION })).toEqual({
      status: 200,
      body: { operation: 'getLatestThing', params: {} },
    });
    expect(await call('/api/things/search?text=gato', { headers: SESSION })).toEqual({
      status: 200,
      body: { operation: 'searchThings', query: { text: 'gato' } },
    });
    expect(await call('/api/things/last', { headers: SESSION })).toEqual({
      status: 200,
      body: { operation: 'getThing', params: { id: 'last' } },
    });
  });

  it('hands the handler its path parameters by name, decoded', async () => {
    expect(await call('/api/things/caf%C3%A9%20com%20leite', { headers: SESSION })).toEqual({
      status: 200,
      body: { operation: 'getThing', params: { id: 'café com leite' } },
    });
  });

  it('mounts only what the contract declares', async () => {
    const response = await app.request('/api/things/7', { method: 'DELETE', headers: SESSION });
    expect(response.status).toBe(404);
    expect(ran).toEqual([]);
  });

  it('refuses to mount a declaration without its handler (the type already requires it)', () => {
    expect(() => routesFromContract(contract, { base: '/api/things', guards }, {} as never)).toThrow(
      /listThings is declared without a handler/,
    );
  });
});
