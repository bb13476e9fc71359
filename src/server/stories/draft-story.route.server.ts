import type { Context } from 'hono';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { STORY_MESSAGES } from '#shared/stories';
import type { storiesContract } from '#shared/stories.contract';
import { type DraftResult, draftStory, rerollShot } from './draft-story.server';
import {
  holdRefusal,
  isId,
  planProblemAnswer,
  type StoriesDeps,
  storyNotFound,
  storyView,
  withSpendLimit,
} from './stories-answers.server';

async function draftAnswer(c: Context<AppEnv>, deps: StoriesDeps, result: DraftResult, withIds: boolean) {
  switch (result.kind) {
    case 'created':
    case 'existing': {
      const story = await storyView(deps, result.rows);
      const body = withIds ? { story, requestIds: result.requestIds } : { story };
      return c.json(body, result.kind === 'created' ? 201 : 200);
    }
    case 'not_found':
      return storyNotFound(c);
    case 'shot_not_found':
      return apiError(c, 404, 'shot_not_found', STORY_MESSAGES.shotNotFound);
    case 'nothing_to_draft':
      return apiError(c, 409, 'nothing_to_draft', STORY_MESSAGES.nothingToDraft);
    case 'shot_busy':
      return apiError(c, 409, 'shot_busy', STORY_MESSAGES.shotBusy);
    case 'insufficient_credits':
    case 'rate_limited':
    case 'unavailable':
    case 'daily_limit':
      return holdRefusal(c, result);
    default:
      return planProblemAnswer(c, result);
  }
}

/** `POST /api/stories/{id}/drafts`: every shot drafted at 360p under one hold (ADR 0062). */
export const draftStoryRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.draftStory> =>
  async (c, { params, body }) => {
    if (!isId(params.id)) return storyNotFound(c);
    const result = await draftStory(withSpendLimit(deps, c), sessionOf(c).user.id, params.id, body.clientKey);
    return draftAnswer(c, deps, result, true);
  };

/** `POST /api/stories/{id}/shots/{shotId}/reroll`: one shot drafted again; only it is charged. */
export const rerollShotRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.rerollStoryShot> =>
  async (c, { params, body }) => {
    if (!isId(params.id)) return storyNotFound(c);
    if (!isId(params.shotId)) return apiError(c, 404, 'shot_not_found', STORY_MESSAGES.shotNotFound);
    const result = await rerollShot(withSpendLimit(deps, c), sessionOf(c).user.id, {
      storyId: params.id,
      shotId: params.shotId,
      clientKey: body.clientKey,
    });
    return draftAnswer(c, deps, result, false);
  };
