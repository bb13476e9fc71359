import type { Context } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { BlobStorage } from '#server/storage/storage.server';
import { CAST_MESSAGES } from '#shared/cast';

/** What the `/api/cast` operations share: their dependencies and the answer for a member that is not there. */

export interface CastDeps {
  pool: pg.Pool;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path's id that can name a member at all: anything else is answered as missing, never looked up. */
export const isMemberId = (id: string) => UUID.test(id);

/** An unknown id and another user's member alike. */
export const memberNotFound = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', CAST_MESSAGES.notFound);
