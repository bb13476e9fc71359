import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defineContract } from '#shared/api-contract';
import type { AppEnv } from './errors.server';
import { type Guards, routesFromContract } from './operations.server';

const pass: Guards = { session: (_c, next) => next(), admin: (_c, next) => next() };

const contract = defineContract({
  readNote: {
    method: 'get',
    path: '/api/notes/{id}',
    summary: 'A note',
    tag: 'test',
    auth: 'none',
    responses: { 200: 'The note.' },
  },
  handOn: {
    method: 'post',
    path: '/api/notes/library/{rest}',
    summary: 'Handed to another library',
    tag: 'test',
    auth: 'none',
    wildcard: true,
    responses: { 200: 'What the library answers.' },
  },
});

function mounted() {
  const api = new Hono<AppEnv>();
  api.route(
    '/notes',
    routesFromContract(
      contract,
      { base: '/api/notes', guards: pass },
      {
        readNote: (c, { params }) => c.json({ id: params.id }),
        handOn: async (c, { params }) => c.json({ params, text: await c.req.text() }),
      },
    ),
  );
  return new Hono<AppEnv>().route('/api', api);
}

describe('a wildcard declaration', () => {
  it('serves every path under its last parameter, which the handler receives as the rest of the path', async () => {
    const response = await mounted().request('/api/notes/library/sign-in/email', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ params: { rest: 'sign-in/email' } });
  });

  it('leaves the query and the body to the library', async () => {
    const response = await mounted().request('/api/notes/library/x?token=abc', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not JSON',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ params: { rest: 'x' }, text: 'not JSON' });
  });

  it('does not take over the fixed and parameterised routes beside it', async () => {
    const response = await mounted().request('/api/notes/42');
    expect(await response.json()).toEqual({ id: '42' });
    expect((await mounted().request('/api/notes/42?x=1')).status).toBe(400);
  });

  it('must end with its parameter', () => {
    const bad = defineContract({
      handOn: { ...contract.handOn, path: '/api/notes/{rest}/more' },
    });
    expect(() =>
      routesFromContract(bad, { base: '/api/notes', guards: pass }, { handOn: (c) => c.body(null) }),
    ).toThrow(/a wildcard ends with its parameter/);
  });
});
