import { Hono } from 'hono';
import type pg from 'pg';
import { type AppEnv, apiError } from '#server/kernel/errors.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import { sharePagePath } from '#shared/share';
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
  /** MEDIA_URL_TTL_SECONDS: how long the page's signed URLs live. */
  mediaUrlTtlSeconds: number;
}

/**
 * `/v/{slug}` (ADR 0031): the public page, its media and its refresh endpoint. Every answer reads the link again,
 * so a revoked link stops at the next request; nothing here is cached by a shared cache (`private`), and the
 * media are never public files, only URLs signed per request.
 */
export function sharePageRoutes({ pool, storage, appUrl, mediaUrlTtlSeconds }: SharePageOptions) {
  const app = new Hono<AppEnv>();
  const sign = async (shared: SharedVideo) => {
    const signer = await storage.urlSigner({ ttlSeconds: mediaUrlTtlSeconds });
    return {
      videoUrl: signer(shared.videoKey),
      posterUrl: shared.thumbnailKey ? signer(shared.thumbnailKey) : null,
      expiresAt: new Date(Date.now() + mediaUrlTtlSeconds * 1000).toISOString(),
    };
  };
  const absolute = (path: string) => new URL(path, appUrl).toString();

  app.get(PLAYER_SCRIPT_PATH, (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(PLAYER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/v/:slug', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const shared = await findSharedVideo(pool, c.req.param('slug'));
    if (!shared) return c.html(shareNotFoundHtml(), 404);
    const page = sharePagePath(shared.slug);
    const media = await sign(shared);
    return c.html(
      sharePageHtml({
        pageUrl: absolute(page),
        prompt: shared.prompt,
        aspectRatio: shared.aspectRatio,
        videoUrl: media.videoUrl,
        posterUrl: media.posterUrl,
        ogVideoUrl: absolute(`${page}/video.mp4`),
        ogImageUrl: shared.thumbnailKey ? absolute(`${page}/poster.jpg`) : null,
      }),
    );
  });
  app.get('/v/:slug/media', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const shared = await findSharedVideo(pool, c.req.param('slug'));
    if (!shared) return apiError(c, 404, 'not_found', 'Este link não está mais disponível.');
    return c.json(await sign(shared));
  });
  for (const [file, pick] of [
    ['video.mp4', (media: { videoUrl: string }) => media.videoUrl],
    ['poster.jpg', (media: { posterUrl: string | null }) => media.posterUrl],
  ] as const) {
    app.get(`/v/:slug/${file}`, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const shared = await findSharedVideo(pool, c.req.param('slug'));
      const target = shared ? pick(await sign(shared)) : null;
      if (!target) return apiError(c, 404, 'not_found', 'Este link não está mais disponível.');
      return c.redirect(new URL(target, appUrl).toString(), 302);
    });
  }
  return app;
}
