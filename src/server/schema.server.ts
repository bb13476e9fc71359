/**
 * The database schema, one module per domain re-exported here for drizzle-kit (`npm run db:generate`). It
 * sits beside the composition root, not in `db/`, because it depends on every domain. Migrations are
 * generated SQL committed under drizzle/.
 */
export * from '#server/account-rights/account-rights.schema.server';
export * from '#server/accounts/accounts.schema.server';
export * from '#server/api-keys/api-keys.schema.server';
export * from '#server/billing/billing.schema.server';
export * from '#server/billing/prepaid/prepaid.schema.server';
export * from '#server/billing/receipts/receipts.schema.server';
export * from '#server/capacity/capacity.schema.server';
export * from '#server/captions/captions.schema.server';
export * from '#server/cast/cast.schema.server';
export * from '#server/credits/credits.schema.server';
export * from '#server/customer-webhooks/customer-webhooks.schema.server';
export * from '#server/films/films.schema.server';
export * from '#server/gemini/gemini-webhooks.schema.server';
export * from '#server/generation/take-check/take-check.schema.server';
export * from '#server/invites/invites.schema.server';
export * from '#server/mail/mail.schema.server';
export * from '#server/mcp/mcp.schema.server';
export * from '#server/metrics/cluster-counters.schema.server';
export * from '#server/notas-fiscais/nfse.schema.server';
export * from '#server/notifications/notifications.schema.server';
export * from '#server/push/push.schema.server';
export * from '#server/reports/reports.schema.server';
export * from '#server/share/share.schema.server';
export * from '#server/stories/stories.schema.server';
export * from '#server/trial/trial.schema.server';
export * from '#server/video-requests/video-requests.schema.server';
export * from '#server/withdrawals/payouts/payouts.schema.server';
export * from '#server/withdrawals/withdrawal-confirmations.schema.server';
