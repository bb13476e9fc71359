import { Hono, type MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import type { Queryable } from '../jobs/queues.server';
import type { AppEnv } from '../kernel/errors.server';
import { jsonBodyLimit, parseJsonBody, rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';

/** `/api/me/settings` (docs/history-contract.md): notification preferences; without a row, the defaults. */

export interface UserSettings {
  notifyOnVideoReady: boolean;
}

export const DEFAULT_SETTINGS: UserSettings = { notifyOnVideoReady: true };

export const settingsPatchSchema = z.strictObject({
  notifyOnVideoReady: z.boolean({ error: 'notifyOnVideoReady deve ser verdadeiro ou falso.' }),
});

export async function readSettings(db: Queryable, userId: string): Promise<UserSettings> {
  const result = await db.query<UserSettings>(
    'SELECT notify_on_video_ready AS "notifyOnVideoReady" FROM user_settings WHERE user_id = $1',
    [userId],
  );
  return result.rows[0] ?? DEFAULT_SETTINGS;
}

export function settingsRoutes(pool: pg.Pool, requireSession: MiddlewareHandler<AppEnv>): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/', requireSession, rejectQueryParameters, async (c) =>
      c.json(await readSettings(pool, sessionOf(c).user.id)),
    )
    .patch('/', requireSession, rejectQueryParameters, jsonBodyLimit, async (c) => {
      const parsed = await parseJsonBody(c, settingsPatchSchema);
      if (!parsed.ok) return parsed.response;
      const result = await pool.query<UserSettings>(
        `INSERT INTO user_settings (user_id, notify_on_video_ready) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET notify_on_video_ready = EXCLUDED.notify_on_video_ready, updated_at = now()
         RETURNING notify_on_video_ready AS "notifyOnVideoReady"`,
        [sessionOf(c).user.id, parsed.data.notifyOnVideoReady],
      );
      return c.json(result.rows[0] ?? DEFAULT_SETTINGS);
    });
}
