import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { UserSettings } from '#shared/accounts';
import { notificationsContract } from '#shared/notifications.contract';
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

export function settingsRoutes(pool: pg.Pool, guards: Guards): Hono<AppEnv> {
  return routesFromContract(
    notificationsContract,
    { base: '/api/me/settings', guards },
    {
      getSettings: async (c) => c.json(await readSettings(pool, sessionOf(c).user.id)),
      updateSettings: async (c, { body: { notifyOnVideoReady } }) => {
        const [row] = await createDatabase(pool)
          .insert(userSettings)
          .values({ userId: sessionOf(c).user.id, notifyOnVideoReady })
          .onConflictDoUpdate({
            target: userSettings.userId,
            set: { notifyOnVideoReady, updatedAt: sql`now()` },
          })
          .returning(settingsColumns);
        return c.json(row ?? DEFAULT_SETTINGS);
      },
    },
  );
}
