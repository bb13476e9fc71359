import { defineContract } from './api-contract';
import { createFilmSchema, filmCandidatesResponseSchema, filmScenesResponseSchema } from './films';
import { videoRequestResponseSchema } from './video-request';

/** `/api/films`, 'Montar filme' (ADR 0014, docs/video-contract.md, Films). */
export const filmsContract = defineContract({
  createFilm: {
    method: 'post',
    path: '/api/films',
    summary:
      "Save a film joined from the user's completed videos of one ratio (ADR 0014): no credits, idempotent by clientKey",
    tag: 'films',
    auth: 'session',
    apiKey: 'create',
    body: { schema: createFilmSchema },
    responses: {
      200: {
        description: 'The film already saved with this clientKey: `{ request }`.',
        schema: videoRequestResponseSchema,
      },
      201: {
        description:
          'Saved: `{ request }` of kind `film`, `pending`, then `rendering` and `completed` (live `video_request` events).',
        schema: videoRequestResponseSchema,
      },
    },
    errors: {
      not_found: { status: 404, description: 'A scene is not one of this user’s videos' },
      mixed_aspect_ratios: { status: 409, description: 'Scenes of different aspect ratios' },
      scene_not_ready: { status: 409, description: 'A scene is not a completed video' },
      client_key_reused: { status: 409, description: 'The clientKey was used by another request' },
      trim_outside_scene: {
        status: 422,
        description: 'A trim outside its scene, or shorter than half a second',
      },
    },
  },
  listFilmCandidates: {
    method: 'get',
    path: '/api/films/candidates',
    summary: "The user's completed videos the scene board can join (newest first)",
    tag: 'films',
    auth: 'session',
    apiKey: 'read',
    responses: {
      200: {
        description: '`{ items }` with signed thumbnail and video URLs.',
        schema: filmCandidatesResponseSchema,
      },
    },
  },
  listFilmScenes: {
    method: 'get',
    path: '/api/films/{id}/scenes',
    summary: "A film's scenes in order, each with its video and trim",
    tag: 'films',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ items }`.', schema: filmScenesResponseSchema } },
    errors: { not_found: { status: 404, description: 'No such film of this user' } },
  },
});
