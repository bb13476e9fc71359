/**
 * The notifications room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the notification
 * settings' routes and the video e-mail job. Other rooms import this file, never one inside the room
 * (biome.json).
 */

export { settingsRoutes } from './settings.routes.server';
export { registerNotificationWorker } from './video-notify.job.server';
