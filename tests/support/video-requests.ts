import type pg from 'pg';

/** A stored video request's fields a test chooses; the rest take plain defaults. */
export interface SeededRequest {
  prompt?: string;
  quality?: 'fast' | 'quality';
  status?: string;
  createdAt: string;
  aspectRatio?: string;
  credits?: number;
}

/**
 * Video requests as stored, already dispatched: fixtures, not work for the app's fair queue and worker. Returns
 * their ids in order.
 */
export async function seedVideoRequests(
  pool: pg.Pool,
  userId: string,
  rows: SeededRequest[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const result = await pool.query<{ id: string }>(
      `INSERT INTO video_requests
         (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status, created_at, dispatched_at)
       VALUES (gen_random_uuid(), $1, gen_random_uuid(), $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [
        userId,
        row.prompt ?? 'Um gato dormindo no sofá da sala',
        row.quality ?? 'fast',
        row.aspectRatio ?? '16:9',
        row.credits ?? (row.quality === 'quality' ? 25 : 10),
        row.status ?? 'completed',
        row.createdAt,
      ],
    );
    ids.push(result.rows[0]?.id as string);
  }
  return ids;
}
