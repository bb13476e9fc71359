/**
 * The account-rights room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the LGPD data
 * export and account deletion routes. Other rooms import this file, never one inside the room (biome.json).
 */
export { configureAccountDeletionQueue, registerAccountDeletionWorker } from './account-deletion.server';
export { accountRightsRoutes } from './account-rights.routes.server';
export { accountDeletions } from './account-rights.schema.server';
