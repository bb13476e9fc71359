import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { runTool } from '../src/server/media/ffmpeg.server';
import { mediaKeys } from '../src/server/media/rendering.server';
import { activeSlugFor } from '../src/server/share/share-links.server';
import { DiskStorage } from '../src/server/storage/disk-storage.server';
import { colourClip, mediaTools } from '../tests/support/media';
import { insertUser } from '../tests/support/users';

/**
 * bench:web's shared video: a completed 8 s 720×1280 video (the size a Fast 9:16 video is delivered at) with its
 * thumbnail, in the bench server's own database and disk storage, behind a share link. Returns the link's slug.
 */
export async function seedSharedVideo(dataDir: string, postgresPort: number): Promise<string> {
  const pool = new pg.Pool({
    connectionString: `postgres://postgres:cena-local@127.0.0.1:${postgresPort}/cena`,
    max: 1,
  });
  try {
    const storage = new DiskStorage(path.join(dataDir, 'storage'), 'bench-web');
    const tools = await mediaTools(120_000);
    const userId = await insertUser(pool);
    const id = randomUUID();
    const keys = mediaKeys(userId, id);
    const clip = await colourClip(tools, path.join(dataDir, 'shared.mp4'), {
      colour: 'teal',
      seconds: 8,
      size: '720x1280',
    });
    const poster = path.join(dataDir, 'shared.jpg');
    await runTool(
      tools.ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-ss',
        '1',
        '-i',
        clip,
        '-frames:v',
        '1',
        '-vf',
        'scale=640:-2',
        poster,
      ],
      { timeoutMs: tools.timeoutMs },
    );
    await storage.put(keys.video, await readFile(clip), 'video/mp4');
    await storage.put(keys.thumbnail, await readFile(poster), 'image/jpeg');
    await pool.query(
      `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
         video_key, thumbnail_key, delivered_seconds, resolution, completed_at)
       VALUES ($1, $2, $3, 'Um barco laranja chegando ao porto de Paraty ao amanhecer, câmera lenta', 'fast',
         '9:16', 10, 'completed', $4, $5, 8, '720x1280', now())`,
      [id, userId, randomUUID(), keys.video, keys.thumbnail],
    );
    return await activeSlugFor(pool, id);
  } finally {
    await pool.end();
  }
}
