/**
 * The videos room's entry file (ADR 0003): what other rooms use of it — the operations of
 * src/shared/videos.contract.ts (create, list, view, derive, finish, retry, keep a variation, availability). Other
 * rooms import this file, never one inside the room (biome.json).
 */
export type { CreateVideoDeps, CreateVideoInput } from './create-video-request.server';
export { createRequestGroup, sameInputsAs, videoRequestIdFor } from './create-video-request.server';
export type { ModelAvailability } from './model-availability.server';
export { createModelAvailability } from './model-availability.server';
export { isRequestId, notFound } from './video-answers.server';
export { videoModelLabel } from './video-model-label.server';
export { videosRoutes } from './videos.routes.server';
