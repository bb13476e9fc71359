import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { createLogger } from '#server/logger.server';
import { defineContract } from '#shared/api-contract';
import { checkResponses } from './response-check.server';

/**
 * The change ADR 0017 walks through, at test size: a response gains a field in its declaration. A handler that
 * does not send it, or answers an error code its declaration lacks, fails the request that reached it.
 */

const memberSchema = z.object({ id: z.string(), name: z.string(), usedIn: z.int().nonnegative() });
const contract = defineContract({
  getMember: {
    method: 'get',
    path: '/api/members/{id}',
    summary: 'One member',
    tag: 'test',
    auth: 'none',
    responses: { 200: { description: '`{ member }`.', schema: z.object({ member: memberSchema }) } },
    errors: { not_found: 404 },
  },
});

function appAnswering(answer: (id: string) => 'current' | 'stale' | 'missing' | 'full'): Hono<AppEnv> {
  const pass: Guards['session'] = async (_c, next) => {
    await next();
  };
  const logger = createLogger('silent');
  const api = new Hono<AppEnv>()
    .use(requestId())
    .use(async (c, next) => {
      c.set('logger', logger);
      await next();
    })
    .use(checkResponses(Object.values(contract)));
  api.route(
    '/api/members',
    routesFromContract(
      contract,
      { base: '/api/members', guards: { session: pass, admin: pass } },
      {
        getMember: (c, { params }) => {
          switch (answer(params.id)) {
            case 'current':
              return c.json({ member: { id: params.id, name: 'Ana', usedIn: 3 } });
            case 'stale':
              return c.json({ member: { id: params.id, name: 'Ana' } });
            case 'missing':
              return apiError(c, 404, 'not_found', 'Membro não encontrado.');
            case 'full':
              return apiError(c, 409, 'cast_full', 'Seu elenco está cheio.');
          }
        },
      },
    ),
  );
  return api;
}

async function codeOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('the response check', () => {
  it('lets through an answer that matches its declaration', async () => {
    const response = await appAnswering(() => 'current').request('/api/members/m1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ member: { id: 'm1', name: 'Ana', usedIn: 3 } });
  });

  it('fails an answer without the field the declaration gained', async () => {
    const response = await appAnswering(() => 'stale').request('/api/members/m1');
    expect(response.status).toBe(500);
    expect(await codeOf(response)).toBe('response_mismatch');
  });

  it('lets through a declared error code with its status', async () => {
    const response = await appAnswering(() => 'missing').request('/api/members/m1');
    expect(response.status).toBe(404);
    expect(await codeOf(response)).toBe('not_found');
  });

  it('fails an error code the operation does not declare', async () => {
    const response = await appAnswering(() => 'full').request('/api/members/m1');
    expect(response.status).toBe(500);
    expect(await codeOf(response)).toBe('response_mismatch');
  });
});
