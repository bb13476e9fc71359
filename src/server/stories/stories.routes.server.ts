import type { Hono } from 'hono';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { storiesContract } from '#shared/stories.contract';
import { createStoryRoute } from './create-story.route.server';
import { draftStoryRoute, rerollShotRoute } from './draft-story.route.server';
import { finishStoryRoute } from './finish-story.route.server';
import { getStoryRoute } from './get-story.route.server';
import { listStoriesRoute } from './list-stories.route.server';
import type { StoriesDeps } from './stories-answers.server';
import { updateStoryRoute } from './update-story.route.server';

/** `/api/stories` (ADR 0062, src/shared/stories.contract.ts): each declared operation and the file that serves it. */
export function storiesRoutes({ guards, ...deps }: StoriesDeps & { guards: Guards }): Hono<AppEnv> {
  return routesFromContract(
    storiesContract,
    { base: '/api/stories', guards },
    {
      listStories: listStoriesRoute(deps),
      createStory: createStoryRoute(deps),
      getStory: getStoryRoute(deps),
      updateStory: updateStoryRoute(deps),
      draftStory: draftStoryRoute(deps),
      rerollStoryShot: rerollShotRoute(deps),
      finishStory: finishStoryRoute(deps),
    },
  );
}
