import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { storiesContract } from '#shared/stories.contract';
import { isId, type StoriesDeps, storyNotFound, storyView } from './stories-answers.server';
import { findStory } from './story-store.server';

/** `GET /api/stories/{id}`: one story of the user, each shot with its current take (ADR 0062). */
export const getStoryRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.getStory> =>
  async (c, { params }) => {
    const rows = isId(params.id) ? await findStory(deps.pool, sessionOf(c).user.id, params.id) : undefined;
    if (!rows) return storyNotFound(c);
    return c.json({ story: await storyView(deps, rows) }, 200);
  };
