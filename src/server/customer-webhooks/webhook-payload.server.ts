import type pg from 'pg';
import { z } from 'zod';
import { takeChecksOf } from '#server/generation/generation.server';
import type { BlobStorage } from '#server/storage/storage.server';
import {
  type CapabilitiesOf,
  findVideoRequest,
  toVideoRequestView,
} from '#server/video-requests/video-requests.server';
import type { CustomerWebhookEvent } from '#shared/customer-webhooks';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import type { VideoRequestView } from '#shared/video-request';

/**
 * The body of a delivery (ADR 0064): Standard Webhooks' recommended structure — `type` (the event name),
 * `timestamp` (when the event happened, not when this attempt is made) and `data`
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md, "Payload structure").
 * A video event's `data` is `GET /api/videos/{id}`'s answer, `{ request }`, made by the same serializer
 * (`toVideoRequestView`), plus `refund` for `video.failed`. It is read when each attempt is made, so its media links
 * are freshly signed even on the 24th hour's attempt; the `webhook-id` stays the event's.
 */

/** A video request as `GET /api/videos/{id}` shows it to its owner; undefined once it is gone. */
export type VideoViewer = (userId: string, requestId: string) => Promise<VideoRequestView | undefined>;

export function createVideoViewer(deps: {
  pool: pg.Pool;
  storage: BlobStorage;
  capabilities: CapabilitiesOf;
  /** MEDIA_URL_TTL_SECONDS, as the API's own answers. */
  ttlSeconds: number;
}): VideoViewer {
  return async (userId, requestId) => {
    const record = await findVideoRequest(deps.pool, userId, requestId);
    if (!record) return undefined;
    const zone = await deps.pool.query<{ timezone: string }>('SELECT timezone FROM "user" WHERE id = $1', [
      userId,
    ]);
    return toVideoRequestView(record, deps.storage, {
      ttlSeconds: deps.ttlSeconds,
      capabilities: deps.capabilities,
      takeChecks: await takeChecksOf(deps.pool, [record.id]),
      timeZone: zone.rows[0]?.timezone ?? DEFAULT_TIME_ZONE,
    });
  };
}

const storyCompletedSchema = z.object({ storyId: z.string(), filmRequestId: z.string() });

export interface StoredEvent {
  id: string;
  userId: string;
  type: CustomerWebhookEvent;
  subjectId: string | null;
  data: unknown;
  refundedCredits: number | null;
  createdAt: Date;
}

export const EVENT_COLUMNS = `ev.id, ev.user_id AS "userId", ev.type, ev.subject_id AS "subjectId", ev.data,
  ev.refunded_credits AS "refundedCredits", ev.created_at AS "createdAt"`;

/** The JSON text sent (and signed, byte for byte); undefined when the video it is about no longer exists. */
export async function payloadOf(event: StoredEvent, viewVideo: VideoViewer): Promise<string | undefined> {
  let data = event.data;
  if (event.type === 'video.completed' || event.type === 'video.failed') {
    const request = event.subjectId ? await viewVideo(event.userId, event.subjectId) : undefined;
    if (!request) return undefined;
    data =
      event.type === 'video.failed'
        ? { request, refund: { credits: event.refundedCredits ?? 0 } }
        : { request };
  }
  // The stories room records a finished story as its id and its film's; it is sent with the film as
  // `GET /api/videos/{id}` shows it then. Any other data an emitter gave goes as it was given.
  const story = event.type === 'story.completed' ? storyCompletedSchema.safeParse(event.data) : undefined;
  if (story?.success) {
    const request = await viewVideo(event.userId, story.data.filmRequestId);
    if (!request) return undefined;
    data = { storyId: story.data.storyId, request };
  }
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data });
}
