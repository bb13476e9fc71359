import type { Hono } from 'hono';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import {
  FILM_MESSAGES,
  type FilmCandidatesResponse,
  type FilmScenesResponse,
  trimOutsideMessage,
} from '../../shared/films';
import { filmsContract } from '../../shared/films.contract';
import type { VideoRequestView } from '../../shared/video-request';
import { type AppEnv, apiError } from '../kernel/errors.server';
import { type Guards, routesFromContract } from '../kernel/operations.server';
import { sessionOf } from '../kernel/session.server';
import type { BlobStorage } from '../storage/blob-storage.server';
import type { CapabilitiesOf } from '../videos/capabilities.server';
import { findVideoRequest, toVideoRequestView, type VideoRequestRecord } from '../videos/video-view.server';
import { createFilm } from './create-film.server';

/**
 * `/api/films` (ADR 0014, src/shared/films.contract.ts, docs/video-contract.md): save a film from the user's
 * completed videos, the videos the scene board may use, and a film's scenes. The film itself is read, listed and
 * downloaded as a video request.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The board lists the newest completed videos; older ones are rarely joined and the list stays light. */
const CANDIDATES_LIMIT = 200;

export interface FilmsRoutesOptions {
  pool: pg.Pool;
  boss: PgBoss;
  storage: BlobStorage;
  guards: Guards;
  mediaUrlTtlSeconds: number;
  capabilities: CapabilitiesOf;
}

export function filmsRoutes({
  pool,
  boss,
  storage,
  guards,
  mediaUrlTtlSeconds,
  capabilities,
}: FilmsRoutesOptions): Hono<AppEnv> {
  const ttlSeconds = mediaUrlTtlSeconds;
  const sign = (key: string | null) => (key ? storage.signedUrl(key, { ttlSeconds }) : Promise.resolve(null));
  const view = (record: VideoRequestRecord): Promise<VideoRequestView> =>
    toVideoRequestView(record, storage, { ttlSeconds, capabilities });

  return routesFromContract(
    filmsContract,
    { base: '/api/films', guards },
    {
      createFilm: async (c, { body }) => {
        const result = await createFilm({ pool, boss }, sessionOf(c).user.id, body);
        switch (result.kind) {
          case 'created':
            return c.json({ request: await view(result.film) }, 201);
          case 'existing':
            return c.json({ request: await view(result.film) }, 200);
          case 'key_reused':
            return apiError(c, 409, 'client_key_reused', FILM_MESSAGES.keyReused);
          case 'not_found':
            return apiError(c, 404, 'not_found', `Cena ${result.position}: ${FILM_MESSAGES.notFound}`);
          case 'mixed_ratios':
            return apiError(c, 409, 'mixed_aspect_ratios', FILM_MESSAGES.mixedRatios);
          case 'not_ready':
            return apiError(c, 409, 'scene_not_ready', FILM_MESSAGES.notReady(result.position));
          case 'trim_outside':
            return apiError(
              c,
              422,
              'trim_outside_scene',
              trimOutsideMessage(result.position, result.durationSeconds),
            );
        }
      },

      listFilmCandidates: async (c) => {
        const rows = await pool.query<{
          id: string;
          prompt: string;
          quality: 'fast' | 'quality';
          aspect_ratio: '16:9' | '9:16' | '1:1' | '4:3';
          duration_seconds: number;
          created_at: Date;
          thumbnail_key: string | null;
          video_key: string;
          film: boolean;
        }>(
          `SELECT id, prompt, quality, aspect_ratio, duration_seconds, created_at, thumbnail_key, video_key, film
       FROM video_requests
       WHERE user_id = $1 AND status = 'completed' AND video_key IS NOT NULL AND duration_seconds IS NOT NULL
       ORDER BY created_at DESC, id DESC LIMIT $2`,
          [sessionOf(c).user.id, CANDIDATES_LIMIT],
        );
        const body: FilmCandidatesResponse = {
          items: await Promise.all(
            rows.rows.map(async (row) => ({
              id: row.id,
              prompt: row.prompt,
              quality: row.quality,
              aspectRatio: row.aspect_ratio,
              durationSeconds: row.duration_seconds,
              createdAt: row.created_at.toISOString(),
              thumbnailUrl: await sign(row.thumbnail_key),
              videoUrl: await sign(row.video_key),
              film: row.film,
            })),
          ),
        };
        return c.json(body);
      },

      listFilmScenes: async (c, { params: { id } }) => {
        const userId = sessionOf(c).user.id;
        const film = UUID.test(id) ? await findVideoRequest(pool, userId, id) : undefined;
        if (!film?.film) return apiError(c, 404, 'not_found', 'Filme não encontrado.');
        const scenes = await pool.query<{
          position: number;
          source_request_id: string | null;
          prompt: string | null;
          start_seconds: number;
          end_seconds: number;
          thumbnail_key: string | null;
        }>(
          `SELECT s.position, s.source_request_id, v.prompt, s.start_seconds, s.end_seconds, v.thumbnail_key
       FROM film_scenes s LEFT JOIN video_requests v ON v.id = s.source_request_id AND v.user_id = $2
       WHERE s.film_id = $1 ORDER BY s.position`,
          [film.id, userId],
        );
        const body: FilmScenesResponse = {
          items: await Promise.all(
            scenes.rows.map(async (row) => ({
              position: row.position,
              requestId: row.source_request_id,
              prompt: row.prompt,
              startSeconds: row.start_seconds,
              endSeconds: row.end_seconds,
              thumbnailUrl: await sign(row.thumbnail_key),
            })),
          ),
        };
        return c.json(body);
      },
    },
  );
}
