/**
 * The admin room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the admin API's routes.
 * Other rooms import this file, never one inside the room (biome.json).
 */
export { adminRoutes } from './admin.routes.server';
