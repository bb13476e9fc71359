import type { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { creditsContract } from '#shared/credits.contract';
import { expiringSoon } from './ledger-expiry.server';
import { balance, listGrants, recentEntries } from './ledger-reads.server';

/** How many ledger entries the credits view lists (docs/accounts-contract.md). */
const RECENT_ENTRIES = 20;

/** `GET /api/credits`: the signed-in user's balance, what expires soon, their grants and latest ledger entries. */
export function creditsRoutes(pool: pg.Pool, guards: Guards): Hono<AppEnv> {
  return routesFromContract(
    creditsContract,
    { base: '/api/credits', guards },
    {
      getCredits: async (c) => {
        const userId = sessionOf(c).user.id;
        // One clock for every part, so "expired" and the balance agree.
        const now = new Date();
        const [current, soon, grants, entries] = await Promise.all([
          balance(pool, userId, now),
          expiringSoon(pool, userId, now),
          listGrants(pool, userId, now),
          recentEntries(pool, userId, RECENT_ENTRIES),
        ]);
        return c.json({
          balance: current,
          expiringSoon: soon,
          grants: grants.map((grant) => ({
            id: grant.id,
            amount: grant.amount,
            remaining: grant.remaining,
            source: grant.source,
            planType: grant.planType,
            expiresAt: grant.expiresAt?.toISOString() ?? null,
            createdAt: grant.createdAt.toISOString(),
            expired: grant.expired,
          })),
          entries: entries.map((entry) => ({
            id: entry.id,
            kind: entry.kind,
            amount: entry.amount,
            createdAt: entry.createdAt.toISOString(),
            grantId: entry.grantId,
            holdId: entry.holdId,
          })),
        });
      },
    },
  );
}
