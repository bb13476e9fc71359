import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { STORY_MESSAGES } from '#shared/stories';
import type { storiesContract } from '#shared/stories.contract';
import {
  isId,
  planProblemAnswer,
  type StoriesDeps,
  storyNotFound,
  storyView,
} from './stories-answers.server';
import { updateStory } from './update-story.server';

/** `PATCH /api/stories/{id}`: the edited plan, saved and priced again (ADR 0062). */
export const updateStoryRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.updateStory> =>
  async (c, { params, body }) => {
    if (!isId(params.id)) return storyNotFound(c);
    const result = await updateStory(deps, sessionOf(c).user.id, params.id, body);
    switch (result.kind) {
      case 'saved':
        return c.json({ story: await storyView(deps, result.rows) }, 200);
      case 'not_found':
        return storyNotFound(c);
      case 'shot_not_found':
        return apiError(c, 404, 'shot_not_found', STORY_MESSAGES.shotNotFound);
      case 'take_not_found':
        return apiError(c, 404, 'take_not_found', STORY_MESSAGES.takeNotFound);
      default:
        return planProblemAnswer(c, result);
    }
  };
