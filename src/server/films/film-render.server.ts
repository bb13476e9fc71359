import { FfmpegError, type MediaTools, type ProbeResult, probe, runTool } from '#server/media/media.server';
import { FILM_CROSSFADE_SECONDS } from '#shared/films';

/**
 * Joins a film's scenes (ADR 0014) with the media toolchain's ffmpeg. Every scene is brought to one size and frame
 * rate (those of its largest scene), cut on frame boundaries so picture and sound keep the same length, and joined
 * with a straight cut: no fade, so no black frame. The sound runs continuously with a short crossfade at each cut:
 * each scene but the last keeps FILM_CROSSFADE_SECONDS more sound (its own, or silence at its video's end), which
 * overlaps the next scene's start, so the film's sound is exactly as long as its picture. A keyframe sits at each
 * cut (a player seeks to a scene at once; an appended continuation starts on a clean frame).
 */

export interface SceneFile {
  file: string;
  startSeconds: number;
  endSeconds: number;
}

interface StreamInfo extends ProbeResult {
  /** As ffprobe gives it, e.g. "24/1" or "30000/1001". */
  frameRate: string;
  fps: number;
}

/** The pipeline's probe, and the video stream's frame rate, which the film keeps. */
async function streamInfo(file: string, tools: MediaTools, signal?: AbortSignal): Promise<StreamInfo> {
  const [probed, { stdout }] = await Promise.all([
    probe(file, tools, signal),
    runTool(
      tools.ffprobePath,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=r_frame_rate',
        '-of',
        'csv=p=0',
        file,
      ],
      { timeoutMs: tools.timeoutMs, signal },
    ),
  ]);
  const frameRate = stdout.trim();
  const [num, den] = frameRate.split('/').map(Number);
  const fps = num && den ? num / den : Number.NaN;
  if (!(fps > 0 && fps <= 120)) throw new FfmpegError(`${file}: no readable frame rate`);
  return { ...probed, frameRate, fps };
}

/** Seconds on the film's frame grid, printed exactly enough for ffmpeg. */
const onGrid = (seconds: number, fps: number) => Math.round(seconds * fps) / fps;
const num = (value: number) => value.toFixed(6);

export interface FilmPlan {
  width: number;
  height: number;
  frameRate: string;
  /** Where each scene starts in the film, after the first. */
  cuts: number[];
  deliveredSeconds: number;
  filter: string;
}

/** The filter graph joining `scenes` (inputs 0…n-1 in order); exported for its unit test. */
function planFilm(scenes: readonly SceneFile[], infos: readonly StreamInfo[]): FilmPlan {
  const largest = infos.reduce((best, info) =>
    info.width * info.height > best.width * best.height ? info : best,
  );
  const { width, height, frameRate, fps } = largest;
  const d = FILM_CROSSFADE_SECONDS;
  const parts: string[] = [];
  const cuts: number[] = [];
  let at = 0;
  scenes.forEach((scene, i) => {
    const info = infos[i] as StreamInfo;
    const start = onGrid(scene.startSeconds, fps);
    const end = Math.max(onGrid(scene.endSeconds, fps), start + 1 / fps);
    const length = end - start;
    const last = i === scenes.length - 1;
    const soundLength = last ? length : length + d;
    if (i > 0) cuts.push(at);
    at += length;
    parts.push(
      `[${i}:v]fps=${frameRate},trim=start=${num(start)}:end=${num(end)},setpts=PTS-STARTPTS,` +
        `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,` +
        `format=yuv420p[v${i}]`,
    );
    // The scene's own sound past its cut where there is some, then silence, to exactly the length wanted.
    const sound = info.hasAudio
      ? `[${i}:a]atrim=start=${num(start)}:end=${num(Math.min(start + soundLength, info.deliveredSeconds))},` +
        'asetpts=PTS-STARTPTS,aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,'
      : 'anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp:channel_layouts=stereo,';
    parts.push(`${sound}atrim=end=${num(soundLength)}[a${i}]`);
  });
  parts.push(`${scenes.map((_, i) => `[v${i}]`).join('')}concat=n=${scenes.length}:v=1:a=0[v]`);
  let sound = '[a0]';
  for (let i = 1; i < scenes.length; i++) {
    const out = i === scenes.length - 1 ? '[a]' : `[x${i}]`;
    parts.push(`${sound}[a${i}]acrossfade=d=${d}:c1=tri:c2=tri${out}`);
    sound = out;
  }
  if (scenes.length === 1) parts.push('[a0]anull[a]');
  return { width, height, frameRate, cuts, deliveredSeconds: at, filter: parts.join(';') };
}

/** Renders the film into `outFile` (MP4, H.264 + AAC, fast start). */
export async function joinScenes(
  scenes: readonly SceneFile[],
  outFile: string,
  tools: MediaTools,
  signal?: AbortSignal,
): Promise<FilmPlan> {
  if (scenes.length === 0) throw new FfmpegError('a film needs at least one scene');
  const infos = await Promise.all(scenes.map((scene) => streamInfo(scene.file, tools, signal)));
  const plan = planFilm(scenes, infos);
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...scenes.flatMap((scene) => ['-i', scene.file]),
      ...['-filter_complex', plan.filter, '-map', '[v]', '-map', '[a]'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...(plan.cuts.length > 0 ? ['-force_key_frames', plan.cuts.map((cut) => num(cut)).join(',')] : []),
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', outFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  return plan;
}
