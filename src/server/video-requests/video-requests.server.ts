/**
 * The video-requests room's entry file (ADR 0003): what other rooms use of it — the video request's table and row
 * (ADR 0022), its generation steps, its view and the directing capabilities of its model. Other rooms import this
 * file, never one inside the room (biome.json).
 */

export type { CapabilitiesOf } from './capabilities.server';
export { capabilitiesOf } from './capabilities.server';
export type { GenerationStep } from './generation-steps.server';
export { reached } from './generation-steps.server';
export type { VideoRequestKey, VideoRequestRow, VideoRequestShape } from './video-request-row.server';
export {
  columnList,
  isoJson,
  jsonFields,
  shownIn,
  shownKeys,
  VIDEO_REQUEST_SHAPE,
} from './video-request-row.server';
export { videoRequests } from './video-requests.schema.server';
export type { VideoRequestRecord } from './video-view.server';
export {
  derivationSourceOf,
  findVideoRequest,
  findVideoRequestWith,
  toVideoRequestView,
  VIDEO_REQUEST_COLUMNS,
} from './video-view.server';
