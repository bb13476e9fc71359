import { z } from 'zod';
import { STORY_STATUSES } from './stories';
import { queuePlaceSchema } from './video-queue';
import { chosenFieldSchemas, VIDEO_REQUEST_KINDS, VIDEO_STATUSES } from './video-request';

/**
 * The history list's answer (docs/history-contract.md, spec §5): its rows, also the dashboard's recent activity
 * (src/shared/dashboard.ts). The query that selects them is in src/shared/history-filters.ts.
 */

/**
 * A story (Roteiro, ADR 0062) as ONE item of the history: its shots' requests are not listed one by one; the item
 * stands where the story's first request does and opens the story board (`/dashboard/stories/{id}`).
 */
const historyStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Its shots, and the sum of their lengths. */
  shots: z.int(),
  totalSeconds: z.int(),
  status: z.enum(STORY_STATUSES),
  /** What its requests (drafts, re-rolls, finishes) spent, the refunded ones left out. */
  creditsUsed: z.int(),
  /** The film of its latest 'Finalizar roteiro'; null before. */
  film: z
    .object({ id: z.string(), status: z.enum(VIDEO_STATUSES), thumbnailUrl: z.string().nullable() })
    .nullable(),
  /** The film's thumbnail, else its first shot's take's; null before any is rendered. */
  thumbnailUrl: z.string().nullable(),
});
export type HistoryStory = z.infer<typeof historyStorySchema>;

/** One row of the history list and of the dashboard's recent activity. */
export const videoRequestListItemSchema = z.object({
  id: z.string(),
  ...chosenFieldSchemas,
  creditsUsed: z.int(),
  status: z.enum(VIDEO_STATUSES),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** Signed, short-lived; null until the video is rendered. */
  thumbnailUrl: z.string().nullable(),
  /** The delivered video's length; null until it is rendered. */
  deliveredSeconds: z.number().nullable(),
  /** A new video, or an extension or edit of `sourceRequestId`. */
  kind: z.enum(VIDEO_REQUEST_KINDS),
  sourceRequestId: z.string().nullable(),
  /** While the request waits for capacity: its place in line (src/shared/video-queue.ts). */
  queue: queuePlaceSchema.nullable(),
  /**
   * One of a submit's variations (index from 1), shown side by side with the others of its group; `kept` when the
   * creator kept this one ('Ficar com esta'): the group's cover.
   */
  variation: z.object({ groupId: z.string(), index: z.int(), count: z.int(), kept: z.boolean() }).nullable(),
  /** In the history list: the story this row stands for (its first request); null for any other request. */
  story: historyStorySchema.nullable(),
});
export type VideoRequestListItem = z.infer<typeof videoRequestListItemSchema>;

/** `GET /api/videos`. */
export const historyPageSchema = z.object({
  items: z.array(videoRequestListItemSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
  totalPages: z.int(),
  /** True when counting stopped at its cap: `total` is then a lower bound. */
  totalCapped: z.boolean(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
