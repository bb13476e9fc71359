/**
 * The realtime room's entry file (ADR 0003, ADR 0057): what other rooms use of it — server-sent events fed by
 * PostgreSQL NOTIFY: the hub, the stream and the routes. Other rooms import this file, never one inside the
 * room (biome.json).
 */

export { eventsRoutes } from './events.routes.server';
export { RealtimeHub } from './realtime-hub.server';
