import { apiError } from '#server/kernel/errors.server';
import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import { toVideoRequestView } from '#server/video-requests/video-requests.server';
import { STORY_MESSAGES } from '#shared/stories';
import type { storiesContract } from '#shared/stories.contract';
import { finishStory } from './finish-story.server';
import { holdRefusal, isId, type StoriesDeps, storyNotFound, withSpendLimit } from './stories-answers.server';

/** `POST /api/stories/{id}/finish`: 'Finalizar roteiro' — the film, a video request of kind film (ADR 0062). */
export const finishStoryRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.finishStory> =>
  async (c, { params, body }) => {
    if (!isId(params.id)) return storyNotFound(c);
    const result = await finishStory(withSpendLimit(deps, c), sessionOf(c).user.id, params.id, body);
    switch (result.kind) {
      case 'created':
      case 'existing': {
        const request = await toVideoRequestView(result.film, deps.storage, {
          ttlSeconds: deps.mediaUrlTtlSeconds,
          capabilities: deps.capabilities,
        });
        return c.json({ request }, result.kind === 'created' ? 201 : 200);
      }
      case 'not_found':
        return storyNotFound(c);
      case 'nothing_kept':
        return apiError(c, 409, 'nothing_kept', STORY_MESSAGES.nothingKept);
      case 'not_drafted':
        return apiError(c, 409, 'not_drafted', STORY_MESSAGES.notDrafted(result.position));
      case 'finish_in_progress':
        return apiError(c, 409, 'finish_in_progress', STORY_MESSAGES.finishing);
      case 'client_key_reused':
        return apiError(c, 409, 'client_key_reused', STORY_MESSAGES.keyReused);
      default:
        return holdRefusal(c, result);
    }
  };
