import { defineContract, EMPTY_BODY } from './api-contract';
import { historyExportQuerySchema, historyQuerySchema } from './history-filters';
import { historyPageSchema } from './history-list';
import { promptPreviewRequestSchema, promptPreviewResponseSchema } from './prompt-preview';
import {
  editVideoRequestSchema,
  extendVideoRequestSchema,
  videoAvailabilitySchema,
  videoVersionsResponseSchema,
} from './video-directing';
import { videoEstimateQuerySchema, videoEstimateSchema } from './video-estimate';
import { videoQueueEstimateSchema } from './video-queue';
import {
  createVideoResponseSchema,
  finishVideoResponseSchema,
  videoRequestResponseSchema,
} from './video-request';
import { createVideoFormSchema, finishVideoBodySchema, retryVideoBodySchema } from './video-request-form';

/** What creating a video may be refused for after its input was read: all before anything is held. */
const CREATE_REFUSALS = {
  insufficient_credits: { status: 402, description: 'Not enough credits (nothing held)' },
  rate_limited: { status: 429, description: 'Too many requests this minute (Retry-After)' },
  api_key_daily_limit: {
    status: 429,
    description:
      "The API key's daily credit limit would be passed (Retry-After: until midnight in São Paulo; nothing held)",
  },
  video_unavailable: {
    status: 503,
    description: "The mode's video model is not served by Google right now (nothing held)",
  },
} as const;

const NOT_FOUND = { not_found: { status: 404, description: 'No such request of this user' } } as const;

/** Extensions and edits: a new linked request of the source's mode, idempotent by clientKey like create. */
const DERIVED = {
  tag: 'videos',
  auth: 'session',
  adultOnly: true,
  apiKey: 'create',
  responses: {
    200: {
      description: 'The existing request of this clientKey: `{ request }`.',
      schema: videoRequestResponseSchema,
    },
    201: {
      description: 'Created: `{ request }` (kind extension | edit, sourceRequestId).',
      schema: videoRequestResponseSchema,
    },
  },
  errors: {
    ...NOT_FOUND,
    cannot_derive: {
      status: 409,
      description:
        'The source cannot be extended or edited now (pt-BR reason: not completed, too old, maximum length, resolution)',
    },
    ...CREATE_REFUSALS,
  },
} as const;

/**
 * `/api/videos` (docs/video-contract.md), served by src/server/videos: the list and its CSV are the history page's
 * reading of the user's video requests (docs/history-contract.md), served here with the rest.
 */
export const videosContract = defineContract({
  listVideos: {
    method: 'get',
    path: '/api/videos',
    summary: 'History: one page of video requests, filtered',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    query: historyQuerySchema,
    responses: { 200: { description: 'A HistoryPage (+ `totalCapped`).', schema: historyPageSchema } },
  },
  createVideo: {
    method: 'post',
    path: '/api/videos',
    summary: 'Create a video request (idempotent by clientKey); holds its credits',
    tag: 'videos',
    auth: 'session',
    adultOnly: true,
    apiKey: 'create',
    body: { schema: createVideoFormSchema, contentType: 'multipart/form-data' },
    responses: {
      200: {
        description: 'The existing submit of this clientKey: `{ request, group }`.',
        schema: createVideoResponseSchema,
      },
      201: {
        description:
          'Created: `{ request, group }` — `group` is every request of the submit (its variations), `request` the first.',
        schema: createVideoResponseSchema,
      },
    },
    errors: {
      cast_not_found: {
        status: 404,
        description: 'A `castIds` member is not one of this user (nothing held)',
      },
      cast_does_not_fit: {
        status: 409,
        description: 'The model takes fewer reference images than the cast and images chosen (nothing held)',
      },
      payload_too_large: { status: 413, description: 'Body over five images plus the text fields' },
      upload_failed: {
        status: 503,
        description: 'Storing an image failed before anything was held: try again',
      },
      ...CREATE_REFUSALS,
      insufficient_credits: {
        status: 402,
        description: 'Not enough credits for every variation (nothing held)',
      },
    },
  },
  previewPrompt: {
    method: 'post',
    path: '/api/videos/prompt-preview',
    summary: 'The structured JSON prompt of a text, before paying (free; 20 per user per hour)',
    tag: 'videos',
    auth: 'session',
    apiKey: 'create',
    body: { schema: promptPreviewRequestSchema },
    responses: {
      200: {
        description:
          '`{ structuredPrompt, builtBy, note, remaining }`: written by the text model, or by the rules with a pt-BR note when the model is unavailable.',
        schema: promptPreviewResponseSchema,
      },
    },
    errors: {
      rate_limited: {
        status: 429,
        description: '20 previews this hour (Retry-After: seconds until the next one)',
      },
    },
  },
  estimateQueue: {
    method: 'get',
    path: '/api/videos/queue',
    summary: 'What a request created now would wait for capacity, per mode (ADR 0061)',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: {
      200: {
        description: '`{ fast, quality }`: waiting, etaSeconds, usualSeconds, longerThanUsual, heldBy.',
        schema: videoQueueEstimateSchema,
      },
    },
  },
  estimateVideo: {
    method: 'get',
    path: '/api/videos/estimate',
    summary: 'What a video would cost, with the balance before and after (holds nothing)',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    query: videoEstimateQuerySchema,
    responses: {
      200: {
        description: '`{ credits, balance, balanceAfter, enough, modeAvailable }`: the create form’s price.',
        schema: videoEstimateSchema,
      },
    },
  },
  getAvailability: {
    method: 'get',
    path: '/api/videos/availability',
    summary: 'Which modes can be created now (a mode whose model Google stopped serving is `false`)',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: {
      200: {
        description: "`{ modes, directing }`: each mode's availability and what its model accepts on create.",
        schema: videoAvailabilitySchema,
      },
    },
  },
  exportVideosCsv: {
    method: 'get',
    path: '/api/videos/export.csv',
    summary: 'History as CSV (streamed), with the same filters',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    query: historyExportQuerySchema,
    responses: { 200: { description: 'The CSV attachment.', contentType: 'text/csv' } },
  },
  getVideo: {
    method: 'get',
    path: '/api/videos/{id}',
    summary: 'One video request of the signed-in user',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ request }`.', schema: videoRequestResponseSchema } },
    errors: NOT_FOUND,
  },
  extendVideo: {
    ...DERIVED,
    method: 'post',
    path: '/api/videos/{id}/extensions',
    summary: 'Extend a completed video (a new linked request, idempotent by clientKey); holds its credits',
    body: { schema: extendVideoRequestSchema },
  },
  editVideo: {
    ...DERIVED,
    method: 'post',
    path: '/api/videos/{id}/edits',
    summary: 'Edit a completed video by instruction (a new linked version, idempotent by clientKey)',
    body: { schema: editVideoRequestSchema },
  },
  finishVideo: {
    method: 'post',
    path: '/api/videos/{id}/finish',
    summary:
      "'Finalizar': make a completed video again in Fast, Quality or 4K with the same inputs (a new linked request, idempotent by clientKey); holds its credits",
    tag: 'videos',
    auth: 'session',
    adultOnly: true,
    apiKey: 'create',
    body: { schema: finishVideoBodySchema },
    responses: {
      200: {
        description: 'The existing request of this clientKey: `{ request, method, note }`.',
        schema: finishVideoResponseSchema,
      },
      201: {
        description:
          'Created: `{ request, method, note }` (kind finish, sourceRequestId the finished video).',
        schema: finishVideoResponseSchema,
      },
    },
    errors: {
      ...NOT_FOUND,
      cannot_finish: { status: 409, description: 'The source is not a completed video (pt-BR reason)' },
      ...CREATE_REFUSALS,
    },
  },
  retryVideo: {
    method: 'post',
    path: '/api/videos/{id}/retry',
    summary:
      "'Tentar de novo': make a failed request again with the same inputs (a new request, idempotent by clientKey); holds its credits",
    tag: 'videos',
    auth: 'session',
    adultOnly: true,
    apiKey: 'create',
    body: { schema: retryVideoBodySchema },
    responses: {
      200: {
        description: 'The existing request of this clientKey: `{ request }`.',
        schema: videoRequestResponseSchema,
      },
      201: {
        description:
          "Created: `{ request }` — the failed request's prompt, mode, ratio, length, seed, images and cast, one video.",
        schema: videoRequestResponseSchema,
      },
    },
    errors: {
      ...NOT_FOUND,
      cannot_retry: {
        status: 409,
        description: 'The request has not failed, or is a film (pt-BR reason)',
      },
      ...CREATE_REFUSALS,
    },
  },
  keepVariation: {
    method: 'post',
    path: '/api/videos/{id}/keep',
    summary:
      "Keep this variation of its submit ('Ficar com esta'): the group's cover, offered for derivations (idempotent)",
    tag: 'videos',
    auth: 'session',
    apiKey: 'create',
    body: EMPTY_BODY,
    responses: {
      200: {
        description: '`{ request }`: the kept variation (its `variation.keptId` is its id).',
        schema: videoRequestResponseSchema,
      },
    },
    errors: {
      ...NOT_FOUND,
      not_a_variation: { status: 409, description: 'The request is not one of a submit’s variations' },
      not_completed: { status: 409, description: 'Only a completed variation can be kept' },
    },
  },
  listVersions: {
    method: 'get',
    path: '/api/videos/{id}/versions',
    summary: 'The versions of a video: original, edits and extensions, oldest first',
    tag: 'videos',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ items: VideoVersion[] }`.', schema: videoVersionsResponseSchema } },
    errors: NOT_FOUND,
  },
});
