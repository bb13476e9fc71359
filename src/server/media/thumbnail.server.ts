import { type MediaTools, runTool } from './ffmpeg.server';

/** The widest a thumbnail is drawn: a poster for lists and link previews, never the video's own size. */
const THUMBNAIL_MAX_WIDTH = 640;

/** A JPEG a second into the video (a generated video's first frame is often a fade from black). */
export async function writeThumbnail(
  videoFile: string,
  deliveredSeconds: number,
  thumbnailFile: string,
  tools: MediaTools,
  signal?: AbortSignal,
): Promise<void> {
  const at = Math.min(1, deliveredSeconds / 2).toFixed(2);
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', at, '-i', videoFile, '-frames:v', '1'],
      ...['-vf', `scale='min(${THUMBNAIL_MAX_WIDTH},iw)':-2`, '-q:v', '4', thumbnailFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}

/** A delivered frame as the row stores it ("1080x1920", `resolution`), or null when it is not one. */
export function frameSize(frame: string | null): { width: number; height: number } | null {
  const match = /^(\d+)x(\d+)$/.exec(frame ?? '');
  const [width, height] = [Number(match?.[1]), Number(match?.[2])];
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The size `writeThumbnail` draws for a video of `frame`, without reading the JPEG: the width capped, the height
 * in the frame's ratio rounded to the nearest even number — ffmpeg's `-2` (libavfilter/scale_eval.c:
 * `av_rescale(w, in_h, in_w * 2) * 2`, av_rescale rounding to nearest).
 */
export function thumbnailSize(frame: string | null): { width: number; height: number } | null {
  const video = frameSize(frame);
  if (!video) return null;
  const width = Math.min(THUMBNAIL_MAX_WIDTH, video.width);
  return { width, height: Math.round((width * video.height) / (video.width * 2)) * 2 };
}
