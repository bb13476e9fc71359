import type pg from 'pg';
import { apiError } from '#server/kernel/errors.server';
import type { Handlers } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { API_KEY_LIMITS } from '#shared/api-keys';
import type { apiKeysContract } from '#shared/api-keys.contract';
import { createKey } from './api-key-store.server';

/** `POST /api/me/api-keys`: the key and, this once, its token. */
export const createApiKeyRoute =
  (pool: pg.Pool): Handlers<typeof apiKeysContract>['createApiKey'] =>
  async (c, { body }) => {
    const created = await createKey(pool, sessionOf(c).user.id, {
      name: body.name,
      scopes: body.scopes,
      dailyCreditLimit: body.dailyCreditLimit ?? null,
    });
    if (created === 'too_many') {
      return apiError(
        c,
        409,
        'too_many_api_keys',
        `Sua conta já tem ${API_KEY_LIMITS.activeMax} chaves ativas. Revogue uma que não use mais para criar outra.`,
      );
    }
    return c.json({ apiKey: { ...created.view, token: created.token } }, 201);
  };
