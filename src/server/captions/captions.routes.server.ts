import type { Context } from 'hono';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { sessionTimeZone } from '#server/history/history-page.server';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { sessionOf } from '#server/kernel/session.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { isRequestId, notFound } from '#server/videos/videos.server';
import { CAPTIONS_MESSAGES } from '#shared/captions';
import { captionsContract } from '#shared/captions.contract';
import { downloadFileName } from '#shared/download-name';
import {
  type CaptionsRow,
  captionsOf,
  captionsView,
  editCaptions,
  type OwnedVideo,
  ownedVideo,
  startCaptions,
} from './captions-store.server';
import { toWebVtt } from './webvtt.server';

export interface CaptionsDeps {
  pool: pg.Pool;
  boss: PgBoss;
  storage: BlobStorage;
  mediaUrlTtlSeconds: number;
  guards: Guards;
}

/** The signed-in user's request named by the path, or null (a malformed id, another user's or none). */
async function videoOf(c: Context<AppEnv>, pool: pg.Pool, id: string): Promise<OwnedVideo | null> {
  return isRequestId(id) ? ownedVideo(pool, sessionOf(c).user.id, id) : null;
}

/**
 * `/api/videos/{id}/captions` and its `.vtt` (src/shared/captions.contract.ts, ADR 0039): owner-only, free, and
 * idempotent — starting twice sends one job, saving the same texts twice renders once.
 */
export function captionsRoutes({ guards, ...deps }: CaptionsDeps) {
  const { pool, boss } = deps;
  const answer = async (c: Context<AppEnv>, row: CaptionsRow | null, id: string, status: 200 | 202 = 200) => {
    const userId = sessionOf(c).user.id;
    const captions = row ? await captionsView(row, { userId, requestId: id }, deps) : null;
    return c.json({ captions }, status);
  };
  return routesFromContract(
    captionsContract,
    { base: '/api/videos', guards },
    {
      getCaptions: async (c, { params }) => {
        if (!(await videoOf(c, pool, params.id))) return notFound(c);
        return answer(c, await captionsOf(pool, params.id), params.id);
      },
      startCaptions: async (c, { params }) => {
        const video = await videoOf(c, pool, params.id);
        if (!video) return notFound(c);
        if (!video.completed) return apiError(c, 409, 'not_completed', CAPTIONS_MESSAGES.notCompleted);
        const { row, started } = await startCaptions(pool, boss, params.id);
        return answer(c, row, params.id, started ? 202 : 200);
      },
      editCaptions: async (c, { params, body }) => {
        if (!(await videoOf(c, pool, params.id))) return notFound(c);
        const result = await editCaptions(pool, boss, params.id, body);
        switch (result.kind) {
          case 'saved':
            return answer(c, result.row, params.id);
          case 'not_ready':
            return apiError(c, 409, 'captions_not_ready', CAPTIONS_MESSAGES.notReady);
          case 'stale':
            return apiError(c, 409, 'captions_changed', CAPTIONS_MESSAGES.stale);
          case 'count_mismatch':
            return apiError(c, 422, 'cue_count_mismatch', CAPTIONS_MESSAGES.cueCount);
        }
      },
      getCaptionsVtt: async (c, { params, query }) => {
        const video = await videoOf(c, pool, params.id);
        const row = video ? await captionsOf(pool, params.id) : null;
        if (!video || row?.status !== 'ready') return notFound(c);
        // A WebVTT file is UTF-8 by definition (https://www.w3.org/TR/webvtt1/#file-structure); `text/vtt` is its
        // registered type, which browsers require of a <track>'s source.
        c.header('Content-Type', 'text/vtt; charset=utf-8');
        c.header('Cache-Control', 'private, no-store');
        if (query.download) {
          const name = downloadFileName(video.prompt, video.createdAt, sessionTimeZone(sessionOf(c).user));
          c.header('Content-Disposition', `attachment; filename="${name.replace(/\.mp4$/, '.vtt')}"`);
        }
        return c.body(toWebVtt(row.cues), 200);
      },
    },
  );
}
