import type { Hono } from 'hono';
import type pg from 'pg';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { creditsContract } from '#shared/credits.contract';
import { creditsView } from './credits-view.server';

/** How many ledger entries the credits view lists (docs/accounts-contract.md). */
const RECENT_ENTRIES = 20;

/** `GET /api/credits`: the signed-in user's balance, what expires soon, their grants and latest ledger entries. */
export function creditsRoutes(pool: pg.Pool, guards: Guards): Hono<AppEnv> {
  return routesFromContract(
    creditsContract,
    { base: '/api/credits', guards },
    {
      // One statement, one clock for every part, so "expired" and the balance agree (ADR 0060).
      getCredits: async (c) => c.json(await creditsView(pool, sessionOf(c).user.id, RECENT_ENTRIES)),
    },
  );
}
