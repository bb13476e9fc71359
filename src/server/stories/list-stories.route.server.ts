import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { storiesContract } from '#shared/stories.contract';
import { type StoriesDeps, storyView } from './stories-answers.server';
import { findStory } from './story-store.server';

/** The stories a list shows: the newest, each read as the board reads it. */
const LISTED = 30;

/** `GET /api/stories`: the user's stories, newest first (ADR 0062). */
export const listStoriesRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.listStories> =>
  async (c) => {
    const userId = sessionOf(c).user.id;
    const ids = await deps.pool.query<{ id: string }>(
      'SELECT id FROM stories WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2',
      [userId, LISTED],
    );
    const items = [];
    for (const { id } of ids.rows) {
      const rows = await findStory(deps.pool, userId, id);
      if (!rows) continue;
      const story = await storyView(deps, rows);
      items.push({
        id: story.id,
        title: story.title,
        aspectRatio: story.aspectRatio,
        status: story.status,
        totalSeconds: story.totalSeconds,
        createdAt: story.createdAt,
        shots: story.shots.length,
        thumbnailUrl: story.film?.thumbnailUrl ?? story.shots[0]?.request?.thumbnailUrl ?? null,
      });
    }
    return c.json({ items }, 200);
  };
