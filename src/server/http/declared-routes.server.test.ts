import { Hono } from 'hono';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Auth } from '#server/accounts/auth.server';
import { loadConfig } from '#server/config.server';
import type { Jobs } from '#server/jobs/job-engine.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { declarationOf, type Guards, routesFromContract } from '#server/kernel/operations.server';
import type { SessionSource } from '#server/kernel/session.server';
import { createLogger } from '#server/logger.server';
import type { RealtimeHub } from '#server/realtime/realtime-hub.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { LOCAL_AVAILABILITY } from '#server/videos/model-availability.server';
import { defineContract, type Operation } from '#shared/api-contract';
import { createApp } from './app.server';
import { documentedOperations } from './openapi.server';

/**
 * A handler exists only for a declaration, and a declaration only with its handler (ADR 0017): the real app's route
 * table (createApp with inert dependencies: routes are registered, nothing is served) is read, and each `/api`
 * method + path must be served by a handler `routesFromContract` mounted from a declaration, and each declaration
 * must be served. The probes show the check catches both mistakes.
 */

type Key = `${string} ${string}`;

/** Hono's `/api/videos/:id` → the declarations' `/api/videos/{id}`. */
const declaredPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

interface RouteCheck {
  /** Routes no declaration's handler serves. */
  undeclared: Key[];
  /** Declarations no route serves. */
  unserved: Key[];
}

function checkRoutes(app: Hono<AppEnv>, operations: readonly Operation[]): RouteCheck {
  // Each method + path with the declaration one of its handlers was mounted from (the guard and checks before it
  // are entries of the same route).
  const routes = new Map<string, { method: string; path: string; operation: Operation | undefined }>();
  for (const route of app.routes) {
    // Middleware for every method (`app.use`) and the API's catch-all 404 are not endpoints.
    if (!route.path.startsWith('/api/') || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const seen = routes.get(key);
    routes.set(key, {
      method: route.method,
      path: route.path,
      operation: seen?.operation ?? declarationOf(route.handler),
    });
  }
  const undeclared = [...routes.values()]
    .filter(({ operation }) => !operation)
    .map(({ method, path }): Key => `${method.toLowerCase()} ${declaredPath(path)}`);
  const served = new Set([...routes.values()].map(({ operation }) => operation));
  const unserved = operations
    .filter((operation) => !served.has(operation))
    .map((operation): Key => `${operation.method} ${operation.path}`);
  return { undeclared, unserved };
}

function realApp(devMailbox: boolean): Hono<AppEnv> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'x'.repeat(32) });
  const pool = new pg.Pool({ max: 1 }); // never connected: nothing is requested
  const app = createApp({
    config,
    logger: createLogger('silent'),
    pool,
    jobs: { boss: {} } as unknown as Jobs,
    storage: {} as BlobStorage,
    auth: {} as Auth,
    sessions: {} as SessionSource,
    authSecret: 'x'.repeat(32),
    realtime: {} as RealtimeHub,
    devMailbox,
    modelAvailability: LOCAL_AVAILABILITY,
    pushPublicKey: 'B'.repeat(87),
  });
  void pool.end();
  return app;
}

describe('every /api route comes from a declaration', () => {
  for (const devMailbox of [true, false]) {
    const mode = devMailbox ? 'local mode' : 'with SMTP';
    it(`mounts a declared handler for each route and a route for each declaration (${mode})`, () => {
      const result = checkRoutes(realApp(devMailbox), documentedOperations({ devMailbox }));
      expect(result).toEqual({ undeclared: [], unserved: [] });
    });
  }
});

describe('the check itself', () => {
  const pass: Guards['session'] = async (_c, next) => {
    await next();
  };
  const guards: Guards = { session: pass, admin: pass };
  const probeContract = defineContract({
    getThing: {
      method: 'get',
      path: '/api/things/{id}',
      summary: 'A thing',
      tag: 'probe',
      auth: 'session',
      responses: { 200: { description: 'The thing.', schema: z.object({ id: z.string() }) } },
    },
    renameThing: {
      method: 'patch',
      path: '/api/things/{id}',
      summary: 'Rename a thing',
      tag: 'probe',
      auth: 'session',
      body: { schema: z.strictObject({ name: z.string() }) },
      responses: { 200: 'Renamed.' },
    },
  });
  const mounted = () =>
    routesFromContract(
      probeContract,
      { base: '/api/things', guards },
      {
        getThing: (c, { params }) => c.json({ id: params.id }),
        renameThing: (c) => c.json({}),
      },
    );

  it('passes an app built from its declarations', () => {
    const app = new Hono<AppEnv>().route('/api/things', mounted());
    expect(checkRoutes(app, Object.values(probeContract))).toEqual({ undeclared: [], unserved: [] });
  });

  it('finds a route mounted without a declaration', () => {
    const app = new Hono<AppEnv>().route('/api/things', mounted());
    app.delete('/api/things/:id', pass, (c) => c.json({ deleted: true }));
    expect(checkRoutes(app, Object.values(probeContract)).undeclared).toEqual(['delete /api/things/{id}']);
  });

  it('finds a declaration no route serves', () => {
    const app = new Hono<AppEnv>().route('/api/things', mounted());
    const archive: Operation = {
      ...probeContract.renameThing,
      method: 'post',
      path: '/api/things/{id}/archive',
    };
    expect(checkRoutes(app, [...Object.values(probeContract), archive]).unserved).toEqual([
      'post /api/things/{id}/archive',
    ]);
  });
});
