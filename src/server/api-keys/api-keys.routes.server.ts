import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { apiKeysContract } from '#shared/api-keys.contract';
import { listKeys, revokeKey } from './api-key-store.server';
import { createApiKeyRoute } from './create-api-key.route.server';

/** `/api/me/api-keys` (src/shared/api-keys.contract.ts): the cookie's guard, so a key never manages keys. */
export function apiKeysRoutes({ pool, guards }: { pool: pg.Pool; guards: Guards }) {
  return routesFromContract(
    apiKeysContract,
    { base: '/api/me/api-keys', guards },
    {
      createApiKey: createApiKeyRoute(pool),
      listApiKeys: async (c) => c.json({ apiKeys: await listKeys(pool, sessionOf(c).user.id) }, 200),
      revokeApiKey: async (c, { params }) =>
        (await revokeKey(pool, params.id, sessionOf(c).user.id))
          ? c.json({ revoked: true as const }, 200)
          : apiError(c, 404, 'not_found', 'Chave de API não encontrada.'),
    },
  );
}
