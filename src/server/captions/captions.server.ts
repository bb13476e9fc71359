/**
 * The captions room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the captions' routes, job
 * and store. Other rooms import this file, never one inside the room (biome.json).
 */

export { registerCaptionsWorker } from './captions.job.server';
export { captionsRoutes } from './captions.routes.server';
export { writeKnownCaptions } from './captions-store.server';
export { createTranscriber } from './transcriber.server';
export { toWebVtt } from './webvtt.server';
