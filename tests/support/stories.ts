import type pg from 'pg';

/** A stored story's shot: its length and its takes' statuses, oldest first. */
interface SeededShot {
  seconds?: number;
  takes?: string[];
}

export interface SeededStory {
  title?: string;
  shots: SeededShot[];
  /** A 'Finalizar roteiro' and its film's status (the film a `video_requests` row of kind film). */
  film?: 'pending' | 'completed' | 'failed';
  /** When its requests were made (the story's row is made just before). */
  createdAt?: string;
}

/**
 * A story as Roteiro stores it (ADR 0062) — its row, its shots in order, each take a `video_requests` row of the
 * story (already dispatched: fixtures, not work for a worker; a second apart, in order) named in the shot's `take_ids`, and its film. Returns
 * the story's id, its takes' ids by shot, and the film's id.
 */
export async function seedStory(
  pool: pg.Pool,
  userId: string,
  story: SeededStory,
): Promise<{ id: string; takes: string[][]; filmId: string | null }> {
  const at = story.createdAt ?? new Date().toISOString();
  const created = await pool.query<{ id: string }>(
    `INSERT INTO stories (user_id, title, idea, aspect_ratio, target_seconds, planned_by, created_at)
     VALUES ($1, $2, $2, '9:16', 30, 'rules', $3::timestamptz - interval '1 minute') RETURNING id`,
    [userId, story.title ?? 'A padaria abre de manhã', at],
  );
  const id = created.rows[0]?.id as string;
  const takes: string[][] = [];
  let made = 0;
  for (const [index, shot] of story.shots.entries()) {
    const ids: string[] = [];
    for (const status of shot.takes ?? []) {
      const take = await pool.query<{ id: string }>(
        `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, clip_seconds,
                                     credits_used, status, created_at, dispatched_at, story_id, thumbnail_key)
         VALUES (gen_random_uuid(), $1, gen_random_uuid(), $2, 'draft', '9:16', $3, 2, $4,
                 $5::timestamptz + make_interval(secs => $7), $5, $6, $1 || '/thumb-' || gen_random_uuid() || '.jpg')
         RETURNING id`,
        [userId, `Cena ${index + 1} da padaria`, shot.seconds ?? 5, status, at, id, made++],
      );
      ids.push(take.rows[0]?.id as string);
    }
    await pool.query(
      `INSERT INTO story_shots (story_id, position, prompt, seconds, take_ids)
       VALUES ($1, $2, $3, $4, $5::uuid[])`,
      [id, index + 1, `Cena ${index + 1} da padaria`, shot.seconds ?? 5, ids],
    );
    takes.push(ids);
  }
  const filmId = story.film ? await seedFilm(pool, userId, id, story.film, takes, at) : null;
  return { id, takes, filmId };
}

async function seedFilm(
  pool: pg.Pool,
  userId: string,
  storyId: string,
  status: string,
  takes: string[][],
  at: string,
): Promise<string> {
  const film = await pool.query<{ id: string }>(
    `INSERT INTO video_requests (id, user_id, client_key, prompt, quality, aspect_ratio, credits_used, status,
                                 film, provider, created_at, story_id, thumbnail_key)
     VALUES (gen_random_uuid(), $1, gen_random_uuid(), 'O filme da padaria', 'quality', '9:16', 0, $2, true,
             'cena', $3::timestamptz + interval '1 minute', $4, $1 || '/film-thumb.jpg')
     RETURNING id`,
    [userId, status, at, storyId],
  );
  const filmId = film.rows[0]?.id as string;
  const state = status === 'pending' ? 'finishing' : status;
  await pool.query(
    `INSERT INTO story_finishes (film_request_id, story_id, quality, shot_request_ids, dialogue, state)
     VALUES ($1, $2, 'quality', $3::uuid[], '[]'::jsonb, $4)`,
    [filmId, storyId, takes.map((ids) => ids.at(-1)), state],
  );
  return filmId;
}
