import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { createDatabase } from '#server/db/database.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { DEFAULT_TIME_ZONE, type MeResponse, TIME_ZONES, type TimeZone } from '#shared/accounts';
import { accountsContract } from '#shared/accounts.contract';
import { AGE_MESSAGES, brazilToday, isAdultOn } from '#shared/age';
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
  birthDate: user.birthDate,
};

type MeRow = Pick<typeof user.$inferSelect, keyof typeof meColumns>;

function toMe({ language, timezone, createdAt, birthDate, ...fields }: MeRow, isAdmin: boolean): MeResponse {
  return {
    user: { ...fields, createdAt: createdAt.toISOString(), birthDateKnown: birthDate !== null },
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
      // The sign-up's rule and message (auth-hooks.server.ts), for an account that has none yet; a date once given
      // is not changed here, and a refused one stores nothing.
      setBirthDate: async (c, { body: { birthDate } }) => {
        if (!isAdultOn(birthDate, brazilToday())) return apiError(c, 403, 'under_age', AGE_MESSAGES.underAge);
        const userId = sessionOf(c).user.id;
        const given = await db
          .update(user)
          .set({ birthDate, updatedAt: sql`now()` })
          .where(and(eq(user.id, userId), isNull(user.birthDate)))
          .returning({ id: user.id });
        if (given.length === 0) {
          return apiError(c, 409, 'birth_date_already_set', AGE_MESSAGES.alreadyGiven);
        }
        const found = await me(userId);
        return found ? c.json(found) : userGone(c);
      },
    },
  );
}

/**
 * The guard of `adultOnly` operations (ADR 0066): the account has a birth date, which the sign-up or
 * `POST /api/me/birth-date` only stores when adult. Read from the database on each call, not from the cached
 * session, so a date given a moment ago lets the next purchase through on every process.
 */
export function requireKnownAdult(pool: pg.Pool): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await pool.query<{ known: boolean }>(
      'SELECT birth_date IS NOT NULL AS known FROM "user" WHERE id = $1',
      [sessionOf(c).user.id],
    );
    if (!found.rows[0]?.known) return apiError(c, 403, 'birth_date_required', AGE_MESSAGES.birthDateRequired);
    await next();
  };
}
