import { Hono, type MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { z } from 'zod';
import { adminGrantSchema, dailyQuerySchema, userSearchQuerySchema } from '../../shared/admin';
import { hasRole } from '../accounts/roles.server';
import { reconcileThrottled } from '../billing/billing.routes.server';
import { claimBillingAction, currentSubscription, subscriptionView } from '../billing/billing-store.server';
import type { PaymentProvider } from '../billing/providers/payment-provider.server';
import type { Config } from '../config.server';
import { CreditsConflictError } from '../credits/ledger-inputs.server';
import { type AppEnv, apiError } from '../kernel/errors.server';
import {
  jsonBodyLimit,
  parseEmptyBody,
  parseJsonBody,
  parseQuery,
  rejectQueryParameters,
} from '../kernel/request-validation.server';
import { sessionOf } from '../kernel/session.server';
import type { FairQueue } from '../videos/capacity/fair-queue.server';
import type { ModelAvailability } from '../videos/model-availability.server';
import { takeCheckStats } from '../videos/take-check/take-stats.server';
import { adminStats, dailySeries, recentFailures, unknownOutcomes } from './admin-stats.server';
import { grantAdjustment, searchUsers, userDetail } from './admin-users.server';
import { environmentCheck } from './environment-check.server';
import { fixTransactions } from './fix-transactions.server';

/**
 * `/api/admin` (docs/admin-contract.md). `/check` answers any signed-in user (the admin guard asks it); every other
 * route checks the `admin` role on the server, on every request: `/admin-x7k9m2` is only a URL, never the protection.
 */

export interface AdminRoutesOptions {
  pool: pg.Pool;
  config: Config;
  provider: PaymentProvider;
  requireSession: MiddlewareHandler<AppEnv>;
  modelAvailability: ModelAvailability;
  /** The fair queue and the provider budgets, for the operators' view. */
  queue: FairQueue;
}

const userIdParamSchema = z.string().min(1).max(200);

export function adminRoutes({
  pool,
  queue,
  config,
  provider,
  requireSession,
  modelAvailability,
}: AdminRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession);

  app.get('/check', rejectQueryParameters, async (c) =>
    c.json({ isAdmin: await hasRole(pool, sessionOf(c).user.id, 'admin') }),
  );

  const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!(await hasRole(pool, sessionOf(c).user.id, 'admin'))) {
      return apiError(c, 403, 'forbidden', 'Acesso restrito a administradores.');
    }
    await next();
  };
  app.use('*', requireAdmin);

  app.get('/stats', rejectQueryParameters, async (c) => c.json(await adminStats(pool)));

  app.get('/queue', rejectQueryParameters, async (c) => c.json(await queue.adminView(pool)));

  // The take guarantee: how often takes fail and why, over the last 30 days.
  app.get('/take-checks', rejectQueryParameters, async (c) => c.json(await takeCheckStats(pool)));

  app.get('/daily', async (c) => {
    const query = parseQuery(c, dailyQuerySchema);
    if (!query.ok) return query.response;
    return c.json({ days: await dailySeries(pool, query.data.days) });
  });

  app.get('/failed-requests', rejectQueryParameters, async (c) =>
    c.json({ items: await recentFailures(pool) }),
  );

  app.get('/unknown-outcomes', rejectQueryParameters, async (c) =>
    c.json({ items: await unknownOutcomes(pool) }),
  );

  app.get('/users', async (c) => {
    const query = parseQuery(c, userSearchQuerySchema);
    if (!query.ok) return query.response;
    return c.json({ items: await searchUsers(pool, query.data.email) });
  });

  app.get('/users/:id', rejectQueryParameters, async (c) => {
    const id = userIdParamSchema.safeParse(c.req.param('id'));
    const detail = id.success ? await userDetail(pool, id.data) : null;
    if (!detail) return apiError(c, 404, 'user_not_found', 'Usuário não encontrado.');
    return c.json(detail);
  });

  app.post('/users/:id/credits', rejectQueryParameters, jsonBodyLimit, async (c) => {
    const id = userIdParamSchema.safeParse(c.req.param('id'));
    const body = await parseJsonBody(c, adminGrantSchema);
    if (!body.ok) return body.response;
    if (!id.success || !(await userDetail(pool, id.data))) {
      return apiError(c, 404, 'user_not_found', 'Usuário não encontrado.');
    }
    const adminId = sessionOf(c).user.id;
    try {
      const result = await grantAdjustment(pool, id.data, adminId, body.data);
      c.get('logger').info(
        { adminId, userId: id.data, amount: body.data.amount, created: result.created },
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
  });

  app.post('/reconcile', rejectQueryParameters, jsonBodyLimit, async (c) => {
    const bad = await parseEmptyBody(c);
    if (bad) return bad;
    const userId = sessionOf(c).user.id;
    if (!(await claimBillingAction(pool, userId, 'reconcile'))) return reconcileThrottled(c);
    try {
      const fulfilled = await provider.reconcile(userId);
      return c.json({ fulfilled, subscription: subscriptionView(await currentSubscription(pool, userId)) });
    } catch (error) {
      c.get('logger').error({ err: error, provider: provider.kind }, 'admin reconcile failed');
      return apiError(c, 502, 'reconcile_failed', 'Erro ao reconciliar — Tente novamente em instantes.');
    }
  });

  app.post('/environment', rejectQueryParameters, jsonBodyLimit, async (c) => {
    const bad = await parseEmptyBody(c);
    if (bad) return bad;
    return c.json(await environmentCheck(config, pool, modelAvailability));
  });

  app.post('/fix-transactions', rejectQueryParameters, jsonBodyLimit, async (c) => {
    const bad = await parseEmptyBody(c);
    if (bad) return bad;
    const result = await fixTransactions(pool);
    c.get('logger').info(
      { adminId: sessionOf(c).user.id, fixed: result.fixed, totalProcessed: result.totalProcessed },
      'admin fixed transactions',
    );
    return c.json(result);
  });

  app.all('*', (c) => apiError(c, 404, 'not_found', 'Rota não encontrada.'));
  return app;
}
