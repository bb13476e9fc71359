import { Hono } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import { frameSize, thumbnailSize } from '#server/media/media.server';
import { type BlobStorage, blobResponse } from '#server/storage/storage.server';
import { sharePagePath } from '#shared/share';
import { REPORT_SCRIPT, REPORT_SCRIPT_PATH } from './report-dialog-html.server';
import { findSharedVideo, type SharedVideo } from './share-links.server';
import {
  PLAYER_SCRIPT,
  PLAYER_SCRIPT_PATH,
  shareNotFoundHtml,
  sharePageHtml,
} from './share-page-html.server';

interface SharePageOptions {
  pool: pg.Pool;
  storage: BlobStorage;
  appUrl: string;
}

/** The page's media, named by the slug alone: no storage key (which carries the owner's id) reaches the page. */
const mediaPaths = (shared: SharedVideo) => {
  const page = sharePagePath(shared.slug);
  return {
    videoUrl: `${page}/video.mp4`,
    posterUrl: shared.thumbnailKey ? `${page}/poster.jpg` : null,
  };
};

/**
 * `/v/{slug}` (ADR 0031): the public page, its media and its refresh endpoint. Every answer reads the link again,
 * so a revoked link stops at the next request, its media included; nothing here is cached by a shared cache
 * (`private`). The media are streamed by the server from private storage under the slug's paths (byte ranges
 * included), never a signed storage URL: those name the storage key, and the key names the owner.
 */
export function sharePageRoutes({ pool, storage, appUrl }: SharePageOptions) {
  const app = new Hono<AppEnv>();
  const absolute = (path: string) => new URL(path, appUrl).toString();

  app.get(PLAYER_SCRIPT_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(PLAYER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get(REPORT_SCRIPT_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(REPORT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/v/:slug', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const shared = await findSharedVideo(pool, c.req.param('slug'));
    if (!shared) return c.html(shareNotFoundHtml(), 404);
    const media = mediaPaths(shared);
    return c.html(
      sharePageHtml({
        pageUrl: absolute(sharePagePath(shared.slug)),
        prompt: shared.prompt,
        aspectRatio: shared.aspectRatio,
        videoUrl: media.videoUrl,
        posterUrl: media.posterUrl,
        ogVideoUrl: absolute(media.videoUrl),
        ogImageUrl: media.posterUrl ? absolute(media.posterUrl) : null,
        videoSize: frameSize(shared.resolution),
        posterSize: thumbnailSize(shared.resolution),
      }),
    );
  });
  // Pages drawn before the media were served under the slug ask here when their signed URL expires.
  app.get('/v/:slug/media', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const shared = await findSharedVideo(pool, c.req.param('slug'));
    if (!shared) return apiError(c, 404, 'not_found', 'Este link não está mais disponível.');
    return c.json(mediaPaths(shared));
  });
  for (const [file, keyOf] of [
    ['video.mp4', (shared: SharedVideo) => shared.videoKey],
    ['poster.jpg', (shared: SharedVideo) => shared.thumbnailKey],
  ] as const) {
    app.get(`/v/:slug/${file}`, async (c) => {
      const shared = await findSharedVideo(pool, c.req.param('slug'));
      const key = shared ? keyOf(shared) : null;
      const served = key
        ? await blobResponse(storage, key, {
            range: c.req.header('range'),
            cacheControl: 'private, no-store',
          })
        : undefined;
      if (served) return served;
      c.header('Cache-Control', 'private, no-store');
      return apiError(c, 404, 'not_found', 'Este link não está mais disponível.');
    });
  }
  return app;
}
