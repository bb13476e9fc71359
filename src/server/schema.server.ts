/**
 * The database schema, one module per domain re-exported here for drizzle-kit (`npm run db:generate`). It
 * sits beside the composition root, not in `db/`, because it depends on every domain. Migrations are
 * generated SQL committed under drizzle/.
 */
export * from './account-rights/account-rights.schema.server';
export * from './accounts/accounts.schema.server';
export * from './billing/billing.schema.server';
export * from './cast/cast.schema.server';
export * from './credits/credits.schema.server';
export * from './films/films.schema.server';
export * from './mail/mail.schema.server';
export * from './metrics/cluster-counters.schema.server';
export * from './notifications/notifications.schema.server';
export * from './videos/capacity/capacity.schema.server';
export * from './videos/gemini-webhooks/gemini-webhooks.schema.server';
export * from './videos/take-check/take-check.schema.server';
export * from './videos/videos.schema.server';
