import { eq, sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { settingsPatchSchema, type UserSettings } from '../../shared/accounts';
import { createDatabase } from '../db/database.server';
import type { AppEnv } from '../kernel/errors.server';
import { jsonBodyLimit, parseJsonBody, rejectQueryParameters } from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import { userSettings } from './notifications.schema.server';

/** `/api/me/settings` (docs/history-contract.md): notification preferences; without a row, the defaults. */

const DEFAULT_SETTINGS: UserSettings = { notifyOnVideoReady: true };
const settingsColumns = { notifyOnVideoReady: userSettings.notifyOnVideoReady };

export async function readSettings(db: pg.Pool | pg.PoolClient, userId: string): Promise<UserSettings> {
  const [row] = await createDatabase(db)
    .select(settingsColumns)
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}

export function settingsRoutes(pool: pg.Pool, requireSession: MiddlewareHandler<AppEnv>): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/', requireSession, rejectQueryParameters, async (c) =>
      c.json(await readSettings(pool, sessionOf(c).user.id)),
    )
    .patch('/', requireSession, rejectQueryParameters, jsonBodyLimit, async (c) => {
      const parsed = await parseJsonBody(c, settingsPatchSchema);
      if (!parsed.ok) return parsed.response;
      const { notifyOnVideoReady } = parsed.data;
      const [row] = await createDatabase(pool)
        .insert(userSettings)
        .values({ userId: sessionOf(c).user.id, notifyOnVideoReady })
        .onConflictDoUpdate({
          target: userSettings.userId,
          set: { notifyOnVideoReady, updatedAt: sql`now()` },
        })
        .returning(settingsColumns);
      return c.json(row ?? DEFAULT_SETTINGS);
    });
}
