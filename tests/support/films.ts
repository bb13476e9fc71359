import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type pg from 'pg';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import type { AspectRatio, VideoQuality } from '#shared/catalogue';
import type { VideoStatus } from '#shared/video-status';

/**
 * One of the user's videos as the pipeline leaves it, without waiting for a render: the row and, when completed,
 * its MP4 in the app's storage (a film's scenes are read from there).
 */
export async function storeVideo(
  pool: pg.Pool,
  storage: BlobStorage,
  userId: string,
  options: {
    file?: string;
    deliveredSeconds?: number;
    aspectRatio?: AspectRatio;
    quality?: VideoQuality;
    status?: VideoStatus;
    prompt?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const status = options.status ?? 'completed';
  const videoKey = options.file ? `${userId}/videos/${id}/video.mp4` : null;
  if (options.file && videoKey) await storage.put(videoKey, createReadStream(options.file), 'video/mp4');
  await pool.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, video_key, delivered_seconds,
        resolution, provider, completed_at, dispatched_at)
     VALUES ($1, $2, $3, $4, $5, $6, 10, $7, $8, $9, '640x360', 'local',
             CASE WHEN $7 = 'completed' THEN now() END, now())`,
    [
      id,
      userId,
      randomUUID(),
      options.prompt ?? `Cena de teste ${id.slice(0, 4)}`,
      options.quality ?? 'fast',
      options.aspectRatio ?? '16:9',
      status,
      status === 'completed' ? videoKey : null,
      status === 'completed' ? (options.deliveredSeconds ?? 4) : null,
    ],
  );
  return id;
}
