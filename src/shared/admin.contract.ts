import {
  adminCheckSchema,
  adminGrantResultSchema,
  adminGrantSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  dailyQuerySchema,
  dailySeriesSchema,
  environmentCheckSchema,
  failedRequestsSchema,
  fixTransactionsResultSchema,
  unknownOutcomesSchema,
  userSearchQuerySchema,
  userSearchSchema,
} from './admin';
import { adminPlatformSchema } from './admin-platform';
import { defineContract, EMPTY_BODY } from './api-contract';
import { reconcileResponseSchema } from './billing';
import { RECONCILE_ERRORS } from './billing.contract';
import { takeCheckStatsSchema } from './take-check';
import { adminQueueSchema } from './video-queue';

const USER_NOT_FOUND = { status: 404, description: 'No account with this id.' } as const;

/**
 * `/api/admin` (docs/admin-contract.md). `checkAdmin` answers any signed-in user (the web's admin guard asks it);
 * every other operation is `admin`: the role is checked on the server on every request, the panel's address is
 * only a URL, never the protection.
 */
export const adminContract = defineContract({
  checkAdmin: {
    method: 'get',
    path: '/api/admin/check',
    summary: 'Whether the signed-in user is an admin',
    tag: 'admin',
    auth: 'session',
    responses: { 200: { description: '`{ isAdmin }`.', schema: adminCheckSchema } },
  },
  getStats: {
    method: 'get',
    path: '/api/admin/stats',
    summary: 'Business statistics (AdminStats)',
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: 'AdminStats.', schema: adminStatsSchema } },
  },
  getQueue: {
    method: 'get',
    path: '/api/admin/queue',
    summary: 'The fair queue and the provider budgets (AdminQueue; ADR 0061)',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: {
        description: 'Waiting requests per mode and, per project and model, in-flight, rates and 429s.',
        schema: adminQueueSchema,
      },
    },
  },
  getPlatform: {
    method: 'get',
    path: '/api/admin/platform',
    summary: 'API keys, webhooks to customers and MCP sessions over the last 24 hours (issue 50)',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: {
        description: 'AdminPlatform: requests per key, webhook deliveries and failures, MCP sessions.',
        schema: adminPlatformSchema,
      },
    },
  },
  getTakeChecks: {
    method: 'get',
    path: '/api/admin/take-checks',
    summary: 'The take guarantee over the last 30 days: checked, failed, re-rolled, refunded, and why',
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: 'TakeCheckStats.', schema: takeCheckStatsSchema } },
  },
  getDailySeries: {
    method: 'get',
    path: '/api/admin/daily',
    summary: 'Signups, revenue and videos per São Paulo day, oldest first',
    tag: 'admin',
    auth: 'admin',
    query: dailyQuerySchema,
    responses: { 200: { description: '`{ days }`.', schema: dailySeriesSchema } },
  },
  listFailedRequests: {
    method: 'get',
    path: '/api/admin/failed-requests',
    summary: 'Requests failed in the last 24 hours, newest first',
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: '`{ items }`.', schema: failedRequestsSchema } },
  },
  listUnknownOutcomes: {
    method: 'get',
    path: '/api/admin/unknown-outcomes',
    summary: 'Requests refunded without knowing whether the provider accepted them (ADR 0015), to reconcile',
    tag: 'admin',
    auth: 'admin',
    responses: {
      200: { description: '`{ items }`, newest first, at most 100.', schema: unknownOutcomesSchema },
    },
  },
  searchUsers: {
    method: 'get',
    path: '/api/admin/users',
    summary: 'Accounts whose e-mail starts with the text',
    tag: 'admin',
    auth: 'admin',
    query: userSearchQuerySchema,
    responses: { 200: { description: '`{ items }`.', schema: userSearchSchema } },
  },
  getUser: {
    method: 'get',
    path: '/api/admin/users/{id}',
    summary: 'One account: balance, subscription, grants and latest requests',
    tag: 'admin',
    auth: 'admin',
    responses: { 200: { description: 'AdminUserDetail.', schema: adminUserDetailSchema } },
    errors: { user_not_found: USER_NOT_FOUND },
  },
  grantCredits: {
    method: 'post',
    path: '/api/admin/users/{id}/credits',
    summary: 'Grant credits (an adjustment), once per idempotencyKey',
    tag: 'admin',
    auth: 'admin',
    body: { schema: adminGrantSchema },
    responses: {
      200: {
        description: 'Granted before with this idempotencyKey: `{ grant, balance, created: false }`.',
        schema: adminGrantResultSchema,
      },
      201: {
        description: 'Granted now: `{ grant, balance, created: true }`.',
        schema: adminGrantResultSchema,
      },
    },
    errors: {
      user_not_found: USER_NOT_FOUND,
      idempotency_conflict: {
        status: 409,
        description: 'This idempotencyKey granted before with another amount, reason or validity.',
      },
    },
  },
  reconcileOwnBilling: {
    method: 'post',
    path: '/api/admin/reconcile',
    summary: "Billing reconcile of the signed-in admin's own user",
    tag: 'admin',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: { 200: { description: '`{ fulfilled, subscription }`.', schema: reconcileResponseSchema } },
    errors: RECONCILE_ERRORS,
  },
  checkEnvironment: {
    method: 'post',
    path: '/api/admin/environment',
    summary: 'Which services are configured (never a secret)',
    tag: 'admin',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: { 200: { description: 'EnvironmentCheck.', schema: environmentCheckSchema } },
  },
  fixTransactions: {
    method: 'post',
    path: '/api/admin/fix-transactions',
    summary: 'Audit history transactions and grants and post compensating entries',
    tag: 'admin',
    auth: 'admin',
    body: EMPTY_BODY,
    responses: {
      200: { description: '`{ fixed, totalProcessed, errors }`.', schema: fixTransactionsResultSchema },
    },
  },
});
