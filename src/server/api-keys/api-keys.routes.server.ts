import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { adminApiKeysContract, apiKeysContract } from '#shared/api-keys.contract';
import { busiestKeys, listKeys, revokeKey } from './api-key-store.server';
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
        (await revokeKey(pool, params.id, { userId: sessionOf(c).user.id }))
          ? c.json({ revoked: true as const }, 200)
          : apiError(c, 404, 'not_found', 'Chave de API não encontrada.'),
    },
  );
}

/** `/api/admin/api-keys`: requests per key, and the admin's revoke of any key (the admin guard, cookie only). */
export function adminApiKeysRoutes({ pool, guards }: { pool: pg.Pool; guards: Guards }) {
  return routesFromContract(
    adminApiKeysContract,
    { base: '/api/admin/api-keys', guards },
    {
      listAllApiKeys: async (c) => c.json({ apiKeys: await busiestKeys(pool) }, 200),
      adminRevokeApiKey: async (c, { params }) => {
        const adminId = sessionOf(c).user.id;
        if (!(await revokeKey(pool, params.id, { adminId }))) {
          return apiError(c, 404, 'not_found', 'Chave de API não encontrada.');
        }
        // Recorded twice, as the other admin acts are: on the row (revoked_by) and in the log.
        c.get('logger').info({ apiKeyId: params.id, adminId }, 'API key revoked by an admin');
        return c.json({ revoked: true as const }, 200);
      },
    },
  );
}
