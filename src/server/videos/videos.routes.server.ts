import type { Hono } from 'hono';
import { type PromptWriter, RULES_WRITER } from '#server/generation/generation.server';
import type { AppEnv } from '#server/kernel/errors.server';
import { type Guards, routesFromContract } from '#server/kernel/operations.server';
import { videosContract } from '#shared/videos.contract';
import { createVideoRoute } from './create-video.route.server';
import { editVideoRoute, extendVideoRoute } from './derive-video.route.server';
import { estimateQueueRoute } from './estimate-queue.route.server';
import { estimateVideoRoute } from './estimate-video.route.server';
import { exportVideosCsvRoute } from './export-videos-csv.route.server';
import { finishVideoRoute } from './finish-video.route.server';
import { getAvailabilityRoute } from './get-availability.route.server';
import { getVideoRoute } from './get-video.route.server';
import { keepVariationRoute } from './keep-variation.route.server';
import { listVersionsRoute } from './list-versions.route.server';
import { listVideosRoute } from './list-videos.route.server';
import { previewPromptRoute } from './preview-prompt.route.server';
import { retryVideoRoute } from './retry-video.route.server';
import type { VideosDeps } from './video-answers.server';

/** `/api/videos` (src/shared/videos.contract.ts): each declared operation and the file that serves it. */

const DEFAULT_CREATE_PER_MINUTE = 10;

export interface VideosRoutesOptions extends Omit<VideosDeps, 'createPerMinute' | 'writePrompt'> {
  guards: Guards;
  /** Requests per user per minute. */
  createPerMinute?: number;
  /** 'Ver prompt estruturado': the text model (with its rules fallback); default: the rules alone. */
  writePrompt?: PromptWriter;
}

export function videosRoutes({
  guards,
  createPerMinute = DEFAULT_CREATE_PER_MINUTE,
  writePrompt = RULES_WRITER,
  ...options
}: VideosRoutesOptions): Hono<AppEnv> {
  const deps: VideosDeps = { ...options, createPerMinute, writePrompt };
  return routesFromContract(
    videosContract,
    { base: '/api/videos', guards },
    {
      listVideos: listVideosRoute(deps),
      exportVideosCsv: exportVideosCsvRoute(deps),
      createVideo: createVideoRoute(deps),
      previewPrompt: previewPromptRoute(deps),
      estimateQueue: estimateQueueRoute(deps),
      estimateVideo: estimateVideoRoute(deps),
      getAvailability: getAvailabilityRoute(deps),
      getVideo: getVideoRoute(deps),
      extendVideo: extendVideoRoute(deps),
      editVideo: editVideoRoute(deps),
      finishVideo: finishVideoRoute(deps),
      retryVideo: retryVideoRoute(deps),
      keepVariation: keepVariationRoute(deps),
      listVersions: listVersionsRoute(deps),
    },
  );
}
