import { defineContract } from './api-contract';
import {
  createStorySchema,
  finishStorySchema,
  storyClientKeySchema,
  storyDraftsResponseSchema,
  storyListSchema,
  storyResponseSchema,
  updateStorySchema,
} from './stories';
import { videoRequestResponseSchema } from './video-request';

/** Refusals of a call that holds credits: all before anything is held. */
const HOLD_REFUSALS = {
  insufficient_credits: {
    status: 402,
    description: 'Not enough credits for every take asked (nothing held)',
  },
  client_key_reused: { status: 409, description: 'The clientKey was used by another request' },
  rate_limited: { status: 429, description: 'Too many requests this minute (Retry-After)' },
  api_key_daily_limit: {
    status: 429,
    description:
      "The API key's daily credit limit would be passed by every take asked (Retry-After: until midnight in São Paulo; nothing held)",
  },
  video_unavailable: {
    status: 503,
    description: "The mode's video model is not served by Google right now (nothing held)",
  },
} as const;

const STORY_NOT_FOUND = { not_found: { status: 404, description: 'No such story of this user' } } as const;

/** A plan the models cannot make: checked on create and on every edit, before anything is stored. */
const PLAN_REFUSALS = {
  cast_not_found: { status: 404, description: 'A `castIds` member is not one of this user' },
  clip_seconds_refused: {
    status: 422,
    description: "A shot's length is not one the modes' models take (`model.clipSecondsChoices`)",
  },
  cast_does_not_fit: {
    status: 422,
    description:
      "A shot's cast brings more reference images than the model takes (`model.referencesPerShot`)",
  },
} as const;

/**
 * `/api/stories`, 'Roteiro' (ADR 0062, docs/stories-contract.md). An API key reads stories with `read` and plans,
 * drafts, re-rolls and finishes them with `create` (ADR 0063); editing the plan stays in the web's board.
 */
export const storiesContract = defineContract({
  listStories: {
    method: 'get',
    path: '/api/stories',
    summary: "The user's stories, newest first",
    tag: 'stories',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ items }`.', schema: storyListSchema } },
  },
  createStory: {
    method: 'post',
    path: '/api/stories',
    summary:
      'Plan a story from an idea: a shot list (structured output of the text model, or the rules in local mode) with its price per mode; free',
    tag: 'stories',
    auth: 'session',
    apiKey: 'create',
    body: { schema: createStorySchema },
    responses: {
      200: {
        description: 'The story this clientKey already planned: `{ story }`.',
        schema: storyResponseSchema,
      },
      201: {
        description:
          '`{ story }`: its shots, `price` (credits and cents for draft, fast, quality, 4k) and `model`.',
        schema: storyResponseSchema,
      },
    },
    errors: {
      cast_not_found: PLAN_REFUSALS.cast_not_found,
      rate_limited: { status: 429, description: 'Too many plans this hour (Retry-After)' },
    },
  },
  getStory: {
    method: 'get',
    path: '/api/stories/{id}',
    summary: 'One story, each shot with its current take (`request`) once drafted',
    tag: 'stories',
    auth: 'session',
    apiKey: 'read',
    responses: { 200: { description: '`{ story }`.', schema: storyResponseSchema } },
    errors: STORY_NOT_FOUND,
  },
  updateStory: {
    method: 'patch',
    path: '/api/stories/{id}',
    summary:
      'Edit the plan (reorder, add, remove, rewrite shots; lines, speakers, lengths, kept takes); re-priced',
    tag: 'stories',
    auth: 'session',
    body: { schema: updateStorySchema },
    responses: { 200: { description: '`{ story }` as saved, re-priced.', schema: storyResponseSchema } },
    errors: {
      ...STORY_NOT_FOUND,
      ...PLAN_REFUSALS,
      shot_not_found: { status: 404, description: 'A shot `id` is not one of this story' },
      take_not_found: { status: 404, description: "A `takeId` is not one of that shot's takes" },
    },
  },
  draftStory: {
    method: 'post',
    path: '/api/stories/{id}/drafts',
    summary:
      'Draft every shot without a live or completed take at 360p: one hold for all, each take charged apart (ADR 0016)',
    tag: 'stories',
    auth: 'session',
    apiKey: 'create',
    adultOnly: true,
    body: { schema: storyClientKeySchema },
    responses: {
      200: {
        description: 'The drafts this clientKey already started: `{ story, requestIds }`.',
        schema: storyDraftsResponseSchema,
      },
      201: {
        description: 'Started: `{ story, requestIds }`, one video request per shot drafted.',
        schema: storyDraftsResponseSchema,
      },
    },
    errors: {
      ...STORY_NOT_FOUND,
      ...PLAN_REFUSALS,
      nothing_to_draft: { status: 409, description: 'Every shot already has a live or completed take' },
      ...HOLD_REFUSALS,
    },
  },
  rerollStoryShot: {
    method: 'post',
    path: '/api/stories/{id}/shots/{shotId}/reroll',
    summary: "Draft one shot again (a new take from the shot's current text); only that shot is charged",
    tag: 'stories',
    auth: 'session',
    apiKey: 'create',
    adultOnly: true,
    body: { schema: storyClientKeySchema },
    responses: {
      200: {
        description: 'The take this clientKey already started: `{ story }`.',
        schema: storyResponseSchema,
      },
      201: {
        description: 'Started: `{ story }`, the shot’s new take its `request`.',
        schema: storyResponseSchema,
      },
    },
    errors: {
      ...STORY_NOT_FOUND,
      ...PLAN_REFUSALS,
      shot_not_found: { status: 404, description: 'No such shot in this story' },
      shot_busy: { status: 409, description: 'The shot’s current take is still being made' },
      ...HOLD_REFUSALS,
    },
  },
  finishStory: {
    method: 'post',
    path: '/api/stories/{id}/finish',
    summary:
      "'Finalizar roteiro': finish every kept shot's take in Fast, Quality or 4K, then join them into a captioned film; idempotent by clientKey",
    tag: 'stories',
    auth: 'session',
    apiKey: 'create',
    adultOnly: true,
    body: { schema: finishStorySchema },
    responses: {
      200: {
        description: 'The film this clientKey already made: `{ request }`.',
        schema: videoRequestResponseSchema,
      },
      201: {
        description:
          'Started: `{ request }`, the film (kind `film`, `pending` until every shot is finished, then joined); its captions (`GET /api/videos/{id}/captions.vtt`) carry the dialogue.',
        schema: videoRequestResponseSchema,
      },
    },
    errors: {
      ...STORY_NOT_FOUND,
      not_drafted: { status: 409, description: 'A kept shot has no completed take yet' },
      nothing_kept: { status: 409, description: 'No shot is kept' },
      finish_in_progress: {
        status: 409,
        description: 'Another finish of this story (another clientKey) is still being made',
      },
      ...HOLD_REFUSALS,
    },
  },
});
