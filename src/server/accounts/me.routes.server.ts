import { eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { DEFAULT_TIME_ZONE, type MeResponse, TIME_ZONES, type TimeZone } from '#shared/accounts';
import { accountsContract } from '#shared/accounts.contract';
import { user } from './accounts.schema.server';
import { hasRole } from './roles.server';

/** `/api/me`: who is signed in, their profile and whether they are an admin (docs/accounts-contract.md). */

const meColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt,
  language: user.language,
  timezone: user.timezone,
};

type MeRow = Pick<typeof user.$inferSelect, keyof typeof meColumns>;

function toMe({ language, timezone, createdAt, ...fields }: MeRow, isAdmin: boolean): MeResponse {
  return {
    user: { ...fields, createdAt: createdAt.toISOString() },
    profile: {
      language,
      // The column is free text (the list of zones may shrink); an unknown zone reads as the default.
      timezone: (TIME_ZONES as readonly string[]).includes(timezone)
        ? (timezone as TimeZone)
        : DEFAULT_TIME_ZONE,
    },
    isAdmin,
  };
}

/** The session was valid a moment ago, but its user has just been deleted. */
const userGone = (c: Context<AppEnv>) => apiError(c, 401, 'unauthorized', 'Faça login para continuar.');

export interface MeRoutesOptions {
  pool: pg.Pool;
  guards: Guards;
}

export function meRoutes({ pool, guards }: MeRoutesOptions): Hono<AppEnv> {
  const db = createDatabase(pool);
  const me = async (userId: string): Promise<MeResponse | undefined> => {
    const [[row], isAdmin] = await Promise.all([
      db.select(meColumns).from(user).where(eq(user.id, userId)),
      hasRole(pool, userId, 'admin'),
    ]);
    return row && toMe(row, isAdmin);
  };

  return routesFromContract(
    accountsContract,
    { base: '/api/me', guards },
    {
      getMe: async (c) => {
        const found = await me(sessionOf(c).user.id);
        return found ? c.json(found) : userGone(c);
      },
      updateProfile: async (c, { body: { name, language, timezone } }) => {
        const userId = sessionOf(c).user.id;
        await db
          .update(user)
          .set({ name, language, timezone, updatedAt: sql`now()` })
          .where(eq(user.id, userId));
        const found = await me(userId);
        return found ? c.json(found) : userGone(c);
      },
    },
  );
}
