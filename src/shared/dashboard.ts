import { z } from 'zod';
import { VIDEO_QUALITIES } from './catalogue';
import { videoRequestListItemSchema } from './history-list';
import { emptyIsUnset } from './query-params';
import { DEFAULT_STATS_RANGE, STATS_RANGES } from './time';

/** The dashboard's queries and answers (docs/history-contract.md): its statistics and recent activity. */

/** `GET /api/dashboard/recent`: the last 5 requests, newest first. */
export const recentActivitySchema = z.object({ items: z.array(videoRequestListItemSchema) });

/** `GET /api/dashboard/stats`: the period, the month when unset. */
export const dashboardStatsQuerySchema = z.strictObject({
  range: z.preprocess(emptyIsUnset, z.enum(STATS_RANGES, 'Período inválido.').default(DEFAULT_STATS_RANGE)),
});

/** `GET /api/dashboard/stats?range=`, computed in SQL in the user's time zone. */
export const dashboardStatsSchema = z.object({
  range: z.enum(STATS_RANGES),
  videosCreated: z.int(),
  /** Credits of the range's requests, except failed ones (refunded). */
  creditsSpent: z.int(),
  /** Requests created since the 1st of this month (user's zone), whatever the range. */
  thisMonth: z.int(),
  /** The mode used most in the range; null with no requests; a tie reads 'fast'. */
  mostUsedQuality: z.enum(VIDEO_QUALITIES).nullable(),
  balance: z.int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
