/**
 * The installable room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the manifest and
 * service worker routes. Other rooms import this file, never one inside the room (biome.json).
 */
export { installableRoutes } from './installable.routes.server';
