import { defineContract, EMPTY_BODY } from './api-contract';
import { captionsResponseSchema, captionsVttQuerySchema, editCaptionsSchema } from './captions';

const NOT_FOUND = { status: 404, description: 'No such request of this user (or a malformed id)' } as const;

/** `/api/videos/{id}/captions`: 'Legendas' of a completed video (ADR 0039). Free: nothing is held or charged. */
export const captionsContract = defineContract({
  getCaptions: {
    method: 'get',
    path: '/api/videos/{id}/captions',
    summary: "A video's captions: status, cues, the burned-in MP4's download and the WebVTT track",
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: {
      200: { description: '`{ captions }`, null when never asked for.', schema: captionsResponseSchema },
    },
    errors: { not_found: NOT_FOUND },
  },
  startCaptions: {
    method: 'post',
    path: '/api/videos/{id}/captions',
    summary:
      'Transcribe a completed video into pt-BR cues (a job); idempotent: a second call answers the same',
    tag: 'videos',
    auth: 'session',
    body: EMPTY_BODY,
    responses: {
      200: { description: 'Already started (or done): `{ captions }`.', schema: captionsResponseSchema },
      202: { description: 'Started: `{ captions }`, `transcribing`.', schema: captionsResponseSchema },
    },
    errors: {
      not_found: NOT_FOUND,
      not_completed: { status: 409, description: 'Only a completed video gets captions (pt-BR message)' },
    },
  },
  editCaptions: {
    method: 'put',
    path: '/api/videos/{id}/captions',
    summary: "Correct the cues' text; the burned-in MP4 is rendered again (a job)",
    tag: 'videos',
    auth: 'session',
    body: { schema: editCaptionsSchema },
    responses: {
      200: { description: 'Saved: `{ captions }`, the burn `rendering`.', schema: captionsResponseSchema },
    },
    errors: {
      not_found: NOT_FOUND,
      captions_not_ready: { status: 409, description: 'No cues to correct yet (or the video has no speech)' },
      captions_changed: { status: 409, description: 'Saved meanwhile from elsewhere: `revision` is stale' },
      cue_count_mismatch: { status: 422, description: 'Not one text per cue' },
    },
  },
  getCaptionsVtt: {
    method: 'get',
    path: '/api/videos/{id}/captions.vtt',
    summary: 'The cues as a WebVTT file (text/vtt), for the player or, with `download=1`, as an attachment',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    query: captionsVttQuerySchema,
    responses: { 200: { description: 'The WebVTT track.', contentType: 'text/vtt' } },
    errors: { not_found: { status: 404, description: 'No such request, or no cues' } },
  },
});
