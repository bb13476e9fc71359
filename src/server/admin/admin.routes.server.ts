import type { Hono } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { hasRole } from '#server/accounts/accounts.server';
import {
  claimBillingAction,
  currentSubscription,
  type PaymentProvider,
  reconcileThrottled,
  subscriptionView,
} from '#server/billing/billing.server';
import type { FairQueue } from '#server/capacity/capacity.server';
import type { Config } from '#server/config.server';
import { CreditsConflictError } from '#server/credits/credits.server';
import { takeCheckStats } from '#server/generation/generation.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, type Handlers, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { ModelAvailability } from '#server/videos/videos.server';
import { adminContract } from '#shared/admin.contract';
import { adminStats, dailySeries, recentFailures, unknownOutcomes } from './admin-stats.server';
import { grantAdjustment, searchUsers, userDetail } from './admin-users.server';
import { environmentCheck } from './environment-check.server';
import { fixTransactions } from './fix-transactions.server';
import { platformFigures } from './platform.server';

/**
 * `/api/admin` (docs/admin-contract.md, declarations in src/shared/admin.contract.ts). `checkAdmin` answers any
 * signed-in user (the web's admin guard asks it); every other operation is `admin`, whose guard checks the role on
 * the server on every request: `/admin-x7k9m2` is only a URL, never the protection.
 */

export interface AdminRoutesOptions {
  pool: pg.Pool;
  config: Config;
  provider: PaymentProvider;
  guards: Guards;
  modelAvailability: ModelAvailability;
  /** The fair queue and the provider budgets, for the operators' view. */
  queue: FairQueue;
}

const userIdParamSchema = z.string().min(1).max(200);

type AdminHandlers = Handlers<typeof adminContract>;

/** An adjustment grant, idempotent by its key: a retried grant answers 200 with the first one's result. */
function grantCredits(pool: pg.Pool): AdminHandlers['grantCredits'] {
  return async (c, { params, body }) => {
    const id = userIdParamSchema.safeParse(params.id);
    if (!id.success || !(await userDetail(pool, id.data))) {
      return apiError(c, 404, 'user_not_found', 'Usuário não encontrado.');
    }
    const adminId = sessionOf(c).user.id;
    try {
      const result = await grantAdjustment(pool, id.data, adminId, body);
      c.get('logger').info(
        { adminId, userId: id.data, amount: body.amount, created: result.created },
        'admin granted credits',
      );
      return c.json(result, result.created ? 201 : 200);
    } catch (error) {
      if (!(error instanceof CreditsConflictError)) throw error;
      return apiError(
        c,
        409,
        'idempotency_conflict',
        'Esta concessão já foi feita com outros dados. Feche a janela e tente de novo.',
      );
    }
  };
}

/** The admin's own billing, reconciled like `/api/billing/reconcile` (same throttle), with the admin's message. */
function reconcileOwnBilling(pool: pg.Pool, provider: PaymentProvider): AdminHandlers['reconcileOwnBilling'] {
  return async (c) => {
    const userId = sessionOf(c).user.id;
    if (!(await claimBillingAction(pool, userId, 'reconcile'))) return reconcileThrottled(c);
    try {
      const fulfilled = await provider.reconcile(userId);
      return c.json({
        fulfilled,
        subscription: subscriptionView(await currentSubscription(pool, userId)),
      });
    } catch (error) {
      c.get('logger').error({ err: error, provider: provider.kind }, 'admin reconcile failed');
      return apiError(c, 502, 'reconcile_failed', 'Erro ao reconciliar — Tente novamente em instantes.');
    }
  };
}

export function adminRoutes({
  pool,
  queue,
  config,
  provider,
  guards,
  modelAvailability,
}: AdminRoutesOptions): Hono<AppEnv> {
  return routesFromContract(
    adminContract,
    { base: '/api/admin', guards },
    {
      checkAdmin: async (c) => c.json({ isAdmin: await hasRole(pool, sessionOf(c).user.id, 'admin') }),

      getStats: async (c) => c.json(await adminStats(pool)),

      getQueue: async (c) => c.json(await queue.adminView(pool)),

      getPlatform: async (c) => c.json(await platformFigures(pool)),

      // The take guarantee: how often takes fail and why, over the last 30 days.
      getTakeChecks: async (c) => c.json(await takeCheckStats(pool)),

      getDailySeries: async (c, { query }) => c.json({ days: await dailySeries(pool, query.days) }),

      listFailedRequests: async (c) => c.json({ items: await recentFailures(pool) }),

      listUnknownOutcomes: async (c) => c.json({ items: await unknownOutcomes(pool) }),

      searchUsers: async (c, { query }) => c.json({ items: await searchUsers(pool, query.email) }),

      getUser: async (c, { params }) => {
        const id = userIdParamSchema.safeParse(params.id);
        const detail = id.success ? await userDetail(pool, id.data) : null;
        if (!detail) return apiError(c, 404, 'user_not_found', 'Usuário não encontrado.');
        return c.json(detail);
      },

      grantCredits: grantCredits(pool),

      reconcileOwnBilling: reconcileOwnBilling(pool, provider),

      checkEnvironment: async (c) => c.json(await environmentCheck(config, pool, modelAvailability)),

      fixTransactions: async (c) => {
        const result = await fixTransactions(pool);
        c.get('logger').info(
          { adminId: sessionOf(c).user.id, fixed: result.fixed, totalProcessed: result.totalProcessed },
          'admin fixed transactions',
        );
        return c.json(result);
      },
    },
  );
}
