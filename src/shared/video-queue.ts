import { z } from 'zod';
import { VIDEO_QUALITIES } from './catalogue';

/**
 * The fair queue as people see it (docs/video-contract.md, "Capacity and the queue"; ADR 0061): a request waits
 * until the provider's shared budget has room, in turns across users. While it waits, its view carries its place
 * in line and the estimated wait before it starts, from the real queue and the measured recent generation times.
 */

/** Where a waiting request stands: null on every request that is not waiting. */
export const queuePlaceSchema = z.object({
  /** 1 = the next to start. */
  position: z.int().min(1),
  /** Seconds until it should start (0: as soon as a worker takes it). */
  etaSeconds: z.int().min(0),
});
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

/** What a new request of one mode would wait now, for the create page (before the user pays). */
export const queueModeEstimateSchema = z.object({
  waiting: z.int().min(0),
  /** Seconds until a request created now should start. */
  etaSeconds: z.int().min(0),
  /** The mode's usual generation time, measured over recent videos (the catalogue's figure until there are some). */
  usualSeconds: z.int().min(0),
  /** The wait is longer than the mode's usual generation time: the create page says so. */
  longerThanUsual: z.boolean(),
  /**
   * What holds the queue when it is a provider's limit known to lift (ADR 0061): Google asked for a pause
   * (`retry`), the day's requests are used up until midnight Pacific time (`daily`), or the spend cap per 10
   * minutes is reached (`spend`); null when the wait is only the line ahead.
   */
  heldBy: z.enum(['retry', 'daily', 'spend']).nullable(),
});
export type QueueModeEstimate = z.infer<typeof queueModeEstimateSchema>;

/** `GET /api/videos/queue`. */
export const videoQueueEstimateSchema = z.object(
  Object.fromEntries(VIDEO_QUALITIES.map((quality) => [quality, queueModeEstimateSchema])) as Record<
    (typeof VIDEO_QUALITIES)[number],
    typeof queueModeEstimateSchema
  >,
);
export type VideoQueueEstimate = z.infer<typeof videoQueueEstimateSchema>;

/** The operators' view of capacity (`GET /api/admin/queue`; the same figures on /metrics). */
export const adminQueueSchema = z.object({
  modes: z.array(
    z.object({
      quality: z.enum(VIDEO_QUALITIES),
      model: z.string(),
      waiting: z.int().min(0),
      /** Seconds the oldest waiting request has waited; null when none waits. */
      oldestWaitSeconds: z.int().min(0).nullable(),
    }),
  ),
  budgets: z.array(
    z.object({
      /** The Google Cloud project the keys belong to (limits are per project, not per key). */
      project: z.string(),
      model: z.string(),
      inFlight: z.int().min(0),
      /** The configured figure, or the lower one Google stated in a 429, or learned from one that stated none (ADR 0061). */
      inFlightLimit: z.int().min(0),
      requestsLastMinute: z.int().min(0),
      /** The configured requests per minute, and the rate Cena uses now after the provider's 429s. */
      requestsPerMinute: z.int().min(1),
      learnedRequestsPerMinute: z.number().min(0),
      requestsToday: z.int().min(0),
      requestsPerDay: z.int().min(0).nullable(),
      throttledLastHour: z.int().min(0),
    }),
  ),
});
export type AdminQueue = z.infer<typeof adminQueueSchema>;
