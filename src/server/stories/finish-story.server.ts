import type pg from 'pg';
import {
  findVideoRequest,
  VIDEO_REQUEST_COLUMNS,
  type VideoRequestRecord,
} from '#server/video-requests/video-requests.server';
import { type CreateVideoInput, createRequestGroup, sameInputsAs } from '#server/videos/videos.server';
import type { finishStorySchema } from '#shared/stories';
import { createDepsOf, type HoldRefusal, keptTake, type StoriesDeps } from './stories-answers.server';
import { findStory, type ShotRecord, type StoryRecord } from './story-store.server';
import { takeKey, videoRequestIdOf } from './story-takes.server';

/**
 * 'Finalizar roteiro' (ADR 0062): every kept shot's take made again in Fast, Quality or a 4K master with the same
 * inputs ('Finalizar', ADR 0033), then joined into the story's film by Cena (ADR 0014) once all are made, captioned
 * from the lines. One transaction holds every shot's finish and saves the film and the finish row; a partial unique
 * index lets one finish of a story be under way, so any number of taps, with one key or many, charge once. A shot
 * already finished in this mode by an earlier finish that failed elsewhere is reused, not charged again.
 */

type Body = ReturnType<typeof finishStorySchema.parse>;

export type FinishResult =
  | { kind: 'created' | 'existing'; film: VideoRequestRecord }
  | { kind: 'not_found' | 'nothing_kept' | 'finish_in_progress' | 'client_key_reused' }
  | { kind: 'not_drafted'; position: number }
  | HoldRefusal;

class UnderWay extends Error {}

const UNIQUE_VIOLATION = '23505';

/** The shots' finishes in this mode that earlier finishes of the story made or are making, by take. */
async function reusable(pool: pg.Pool, story: StoryRecord, takeIds: string[], body: Body) {
  const found = await pool.query<{ id: string; source: string }>(
    `SELECT DISTINCT ON (finishes_request_id) id, finishes_request_id AS source FROM video_requests
     WHERE user_id = $1 AND story_id = $2 AND finishes_request_id = ANY($3::uuid[]) AND quality = $4
       AND master_resolution IS NOT DISTINCT FROM $5 AND status <> 'failed'
     ORDER BY finishes_request_id, created_at DESC`,
    [story.userId, story.id, takeIds, body.quality, body.master ?? null],
  );
  return new Map(found.rows.map((row) => [row.source, row.id]));
}

async function keptTakes(pool: pg.Pool, shots: ShotRecord[]) {
  const found = await pool.query<VideoRequestRecord>(
    `SELECT ${VIDEO_REQUEST_COLUMNS} FROM video_requests WHERE id = ANY($1::uuid[])`,
    [shots.flatMap((shot) => shot.takeIds)],
  );
  const takes = new Map(found.rows.map((row) => [row.id, row]));
  return shots.map((shot) => ({ shot, take: keptTake(shot, takes) }));
}

/** The film's row, its scenes (each shot's whole length until its finish is measured) and the finish row. */
async function saveFilm(
  client: pg.PoolClient,
  film: { id: string; story: StoryRecord; body: Body; shots: ShotRecord[]; sources: string[] },
) {
  const { story, body } = film;
  const inserted = await client.query(
    `INSERT INTO video_requests
       (id, user_id, client_key, prompt, quality, master_resolution, aspect_ratio, clip_seconds, credits_used,
        status, film, provider, story_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 'pending', true, 'cena', $9)
     -- No conflict target: the id comes from the key too, and a conflict on a constraint not named is an error.
     ON CONFLICT DO NOTHING`,
    [
      film.id,
      story.userId,
      body.clientKey,
      story.title,
      body.quality,
      body.quality === 'quality' ? (body.master ?? null) : null,
      story.aspectRatio,
      film.shots.reduce((sum, shot) => sum + shot.seconds, 0),
      story.id,
    ],
  );
  if (inserted.rowCount !== 1) throw new UnderWay('the film of this key was saved meanwhile');
  await client.query(
    `INSERT INTO film_scenes (film_id, position, source_request_id, start_seconds, end_seconds)
     SELECT $1, ordinality, source, 0, seconds
     FROM unnest($2::uuid[], $3::float8[]) WITH ORDINALITY AS s(source, seconds)`,
    [film.id, film.sources, film.shots.map((shot) => shot.seconds)],
  );
  await client.query(
    `INSERT INTO story_finishes
       (film_request_id, story_id, quality, master_resolution, burn_captions, shot_request_ids, dialogue)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7::jsonb)`,
    [
      film.id,
      story.id,
      body.quality,
      body.quality === 'quality' ? (body.master ?? null) : null,
      body.burnCaptions ?? false,
      film.sources,
      JSON.stringify(film.shots.map((shot) => shot.dialogue ?? null)),
    ],
  );
}

async function replayOf(pool: pg.Pool, userId: string, filmId: string, storyId: string) {
  const film = await findVideoRequest(pool, userId, filmId);
  if (!film) return undefined;
  return film.film && film.storyId === storyId
    ? ({ kind: 'existing', film } as const)
    : ({ kind: 'client_key_reused' } as const);
}

export async function finishStory(
  deps: StoriesDeps,
  userId: string,
  storyId: string,
  body: Body,
): Promise<FinishResult> {
  const filmId = videoRequestIdOf(userId, body.clientKey);
  const replay = await replayOf(deps.pool, userId, filmId, storyId);
  if (replay) return replay;
  const rows = await findStory(deps.pool, userId, storyId);
  if (!rows) return { kind: 'not_found' };
  const kept = rows.shots.filter((shot) => shot.keep);
  if (kept.length === 0) return { kind: 'nothing_kept' };
  const takes = await keptTakes(deps.pool, kept);
  const missing = takes.findIndex(({ take }) => !take);
  if (missing >= 0) return { kind: 'not_drafted', position: takes[missing]?.shot.position ?? 0 };
  const done = await reusable(
    deps.pool,
    rows.story,
    takes.map(({ take }) => take?.id ?? ''),
    body,
  );
  const inputs: CreateVideoInput[] = [];
  const sources = takes.map(({ shot, take }) => {
    const reused = done.get(take?.id ?? '');
    if (reused) return reused;
    const input: CreateVideoInput = {
      ...sameInputsAs(take as VideoRequestRecord),
      userId,
      clientKey: takeKey(body.clientKey, 'finish', shot.id),
      quality: body.quality,
      masterResolution: body.quality === 'quality' ? (body.master ?? null) : null,
      finishesRequestId: take?.id ?? null,
      storyId,
    };
    inputs.push(input);
    return videoRequestIdOf(userId, input.clientKey);
  });
  const afterAll = async () => (await replayOf(deps.pool, userId, filmId, storyId)) ?? underWay;
  let result: Awaited<ReturnType<typeof createRequestGroup>>;
  try {
    result = await createRequestGroup(createDepsOf(deps), { userId, inputs }, (client) =>
      saveFilm(client, { id: filmId, story: rows.story, body, shots: kept, sources }),
    );
  } catch (error) {
    // Another tap's finish committed first: its key's film, or (another key) the one finish under way.
    if (error instanceof UnderWay || (error as { code?: string }).code === UNIQUE_VIOLATION)
      return afterAll();
    throw error;
  }
  if (result.kind !== 'created') return result.kind === 'existing' ? afterAll() : result;
  const film = await findVideoRequest(deps.pool, userId, filmId);
  return film ? { kind: 'created', film } : afterAll();
}

const underWay = { kind: 'finish_in_progress' } as const;
