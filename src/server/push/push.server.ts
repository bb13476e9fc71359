/**
 * The push room's entry file (ADR 0003, ADR 0057): what other rooms use of it — Web Push: subscriptions,
 * keys, the push endpoint guard and the video-push job. Other rooms import this file, never one inside the
 * room (biome.json).
 */

export { pushRoutes } from './push.routes.server';
export { pushEndpointPolicy } from './push-endpoint.server';
export type { VapidIdentity } from './vapid-keys.server';
export { resolveVapidIdentity } from './vapid-keys.server';
export { enqueueSubmitPush, registerPushWorker } from './video-push.job.server';
