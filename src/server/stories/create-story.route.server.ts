import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { STORY_MESSAGES } from '#shared/stories';
import type { storiesContract } from '#shared/stories.contract';
import { createStory } from './create-story.server';
import { type StoriesDeps, storyView } from './stories-answers.server';

/** `POST /api/stories`: plan a story from an idea (free; ADR 0062). */
export const createStoryRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.createStory> =>
  async (c, { body }) => {
    const result = await createStory(deps, sessionOf(c).user.id, body);
    if (result.kind === 'cast_not_found') {
      return apiError(c, 404, 'cast_not_found', STORY_MESSAGES.castNotFound);
    }
    if (result.kind === 'rate_limited') {
      c.header('Retry-After', '3600');
      return apiError(c, 429, 'rate_limited', 'Muitos roteiros nesta hora. Tente de novo mais tarde.');
    }
    return c.json({ story: await storyView(deps, result.rows) }, result.kind === 'created' ? 201 : 200);
  };
