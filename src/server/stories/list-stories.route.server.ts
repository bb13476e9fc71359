import type { OperationHandler } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { storiesContract } from '#shared/stories.contract';
import type { StoriesDeps } from './stories-answers.server';
import { readStorySummaries } from './story-summaries.server';

/** The stories a list shows: the newest. */
const LISTED = 30;

/**
 * `GET /api/stories`: the user's stories, newest first (ADR 0062) — one statement for the list, whatever its length
 * (story-summaries.server.ts), and each thumbnail signed without a read.
 */
export const listStoriesRoute =
  (deps: StoriesDeps): OperationHandler<typeof storiesContract.listStories> =>
  async (c) => {
    const rows = await readStorySummaries(deps.pool, sessionOf(c).user.id, { limit: LISTED });
    const sign = (key: string | null) =>
      key ? deps.storage.signedUrl(key, { ttlSeconds: deps.mediaUrlTtlSeconds }) : Promise.resolve(null);
    const items = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        title: row.title,
        aspectRatio: row.aspectRatio,
        status: row.status,
        totalSeconds: row.totalSeconds,
        createdAt: row.createdAt.toISOString(),
        shots: row.shots,
        thumbnailUrl: await sign(row.film?.thumbnailKey ?? row.coverThumbnailKey),
      })),
    );
    return c.json({ items }, 200);
  };
