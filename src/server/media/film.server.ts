import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FfmpegError, type MediaTools, probeJson, runTool } from './ffmpeg.server';

/**
 * A film grows by appending shots (src/shared/video-directing.ts `extensionPlan`, "new-shot"). The join is clean —
 * the new shot takes the film's size (covered and centre-cropped, never padded: no black bars or frames), frame
 * rate and audio format, the sound crossfades at the cut and the cut is a keyframe — and its cost does not grow
 * with the film: only the new shot and the film's last GOP (at most FILM_GOP_SECONDS) are encoded; everything
 * before is stream-copied (concat demuxer, https://ffmpeg.org/ffmpeg-formats.html#concat-1: `outpoint`).
 *
 * Copying only works when the copied part and the new part have the same codec parameters, so every part Cena
 * encodes uses one fixed H.264/AAC setting (FILM_ENCODE) and the file says so (FILM_TAG). A film not yet in that
 * form (the provider's own file, a model's extension chain) is encoded whole once, on its first appended shot.
 */

/** The sound of the two shots overlaps this long at the cut (the outgoing shot's last frames give way to it). */
const CROSSFADE_SECONDS = 0.1;
/** Keyframe interval of Cena's encodes: the longest stretch of the old film a join re-encodes. */
const FILM_GOP_SECONDS = 2;
/** Written in the film's metadata: the parts were encoded with FILM_ENCODE and can be stream-copied. */
export const FILM_TAG = 'cena-film/1';

/**
 * One setting for every part: no B-frames, so a packet's decode time is its presentation time and the concat
 * demuxer's `outpoint` cuts exactly before a keyframe; closed GOPs (x264's default) so nothing before the cut
 * refers past it.
 */
export function filmEncode(fps: string): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-bf', '0', '-g', String(Math.max(1, Math.round(fpsValue(fps) * FILM_GOP_SECONDS)))],
    ...['-c:a', 'aac', '-b:a', '128k'],
  ];
}

export interface FilmFormat {
  width: number;
  height: number;
  /** ffprobe's `r_frame_rate`, e.g. `24/1`. */
  fps: string;
  deliveredSeconds: number;
  /** Frames of picture (the container's count; else from the length). */
  frames: number;
  /** Where the file's timeline starts (an encoder's audio priming can move it off zero). */
  startSeconds: number;
  audio: { sampleRate: number; channels: number } | null;
  /** Encoded by Cena's film setting (FILM_TAG), so its parts can be stream-copied. */
  appendable: boolean;
}

function fpsValue(fps: string): number {
  const [num, den] = fps.split('/').map(Number);
  const value = den ? (num ?? 0) / den : (num ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 24;
}

export async function filmFormat(file: string, tools: MediaTools, signal?: AbortSignal): Promise<FilmFormat> {
  const info = await probeJson(tools.ffprobePath, file, { timeoutMs: tools.timeoutMs, signal });
  const video = info.streams?.find((stream) => stream.codec_type === 'video');
  const audio = info.streams?.find((stream) => stream.codec_type === 'audio');
  // The picture's length: the film's timeline is its frames (the sound is fitted to it at every join).
  const deliveredSeconds = Number(video?.duration ?? info.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(deliveredSeconds) || deliveredSeconds <= 0) {
    throw new FfmpegError('the film has no readable video stream or duration');
  }
  const tag = info.format?.tags?.comment ?? info.format?.tags?.COMMENT;
  return {
    width: video.width,
    height: video.height,
    fps: video.r_frame_rate && fpsValue(video.r_frame_rate) <= 120 ? video.r_frame_rate : '24/1',
    deliveredSeconds,
    frames: Number(video.nb_frames) || Math.round(deliveredSeconds * fpsValue(video.r_frame_rate ?? '24/1')),
    startSeconds: Number(info.format?.start_time) || 0,
    audio: audio ? { sampleRate: Number(audio.sample_rate) || 48_000, channels: audio.channels || 2 } : null,
    appendable:
      tag === FILM_TAG &&
      video.codec_name === 'h264' &&
      video.pix_fmt === 'yuv420p' &&
      !video.has_b_frames &&
      audio?.codec_name === 'aac',
  };
}

/** The last keyframe at or before `seconds` (a seek to the last few GOPs: constant time whatever the length). */
async function keyframeBefore(
  file: string,
  seconds: number,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<number> {
  const from = Math.max(0, seconds - 4 * FILM_GOP_SECONDS);
  const { stdout } = await runTool(
    tools.ffprobePath,
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey'],
      ...['-read_intervals', `${from.toFixed(3)}%${seconds.toFixed(3)}`],
      ...['-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', file],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  const times = stdout
    .split('\n')
    .map((line) => Number(line.trim().replace(/,$/, '')))
    .filter((time) => Number.isFinite(time) && time > 0 && time <= seconds + 1e-3);
  return times.length > 0 ? Math.max(...times) : 0;
}

/** Scales to cover the film's frame and crops the middle: another size or ratio fills the frame, no bars. */
function coverFilter(width: number, height: number): string {
  return `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`;
}

/**
 * Writes `outFile`: the film `headFile` with the shot `shotFile` appended. The film's last `CROSSFADE_SECONDS` of
 * picture give way to the shot, whose sound crossfades with the film's over that time, so picture and sound stay
 * in step. Returns how many seconds of the old film were re-encoded (the rest was copied).
 */
/** The film from `fromSeconds` on, stream-copied: the part the append re-encodes with the new shot. */
async function copyFrom(
  headFile: string,
  fromSeconds: number,
  tailFile: string,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<void> {
  await runTool(
    tools.ffmpegPath,
    [
      // Half a frame past the keyframe: a copy starts at the keyframe at or before the seek point.
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', fromSeconds.toFixed(6), '-i', headFile],
      ...['-map', '0:v', '-map', '0:a?', '-c', 'copy', tailFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}

/** The append's filter graph: the film's window then the shot, the sound crossfaded over `fade` seconds. */
function crossfadeFilter(args: {
  head: FilmFormat;
  shot: FilmFormat;
  keptFrames: number;
  kept: number;
  fade: number;
  total: number;
}): string {
  const { head, shot, keptFrames, kept, fade, total } = args;
  const sampleRate = head.audio?.sampleRate ?? 48_000;
  const layout = (head.audio?.channels ?? 2) === 1 ? 'mono' : 'stereo';
  // Each track is padded or cut to the window's exact length, so the sound never drifts from the picture however
  // many shots are appended. A missing sound track is silence.
  const sound = (index: number, has: boolean, shape: string) =>
    has
      ? `[${index}:a]aresample=${sampleRate},aformat=sample_fmts=fltp:channel_layouts=${layout},asetpts=PTS-STARTPTS,${shape},apad,atrim=end=${total.toFixed(6)}[a${index}]`
      : `anullsrc=r=${sampleRate}:cl=${layout},atrim=end=${total.toFixed(6)}[a${index}]`;
  const delayMs = Math.round(kept * 1000);
  // A crossfade by hand (the npm ffmpeg build's acrossfade crashes): the film's sound fades out over the last
  // `fade` seconds while the shot's, delayed to start there, fades in; amix halves each input, volume restores it.
  return [
    `[0:v]trim=end_frame=${keptFrames},setpts=PTS-STARTPTS,setsar=1,format=yuv420p[v0]`,
    `[1:v]setpts=PTS-STARTPTS,${coverFilter(head.width, head.height)},fps=${head.fps},format=yuv420p[v1]`,
    sound(
      0,
      head.audio !== null,
      `atrim=end=${(kept + fade).toFixed(6)},afade=t=out:st=${kept.toFixed(6)}:d=${fade.toFixed(6)}`,
    ),
    sound(1, shot.audio !== null, `afade=t=in:st=0:d=${fade.toFixed(6)},adelay=${delayMs}|${delayMs}`),
    '[v0][v1]concat=n=2:v=1:a=0[v]',
    '[a0][a1]amix=inputs=2:duration=first:dropout_transition=0,volume=2[a]',
  ].join(';');
}

/**
 * The film up to the keyframe, copied stream by stream (`-t` ends each stream on its own; the concat demuxer's
 * `outpoint` ends all at the first stream to reach it, which can drop picture), then the re-encoded window. Half a
 * frame early, so rounding never keeps the keyframe; the window is then placed exactly where the keyframe was
 * (`duration`).
 */
async function prependHead(args: {
  headFile: string;
  windowFile: string;
  outFile: string;
  copied: number;
  halfFrame: number;
  startSeconds: number;
  tools: MediaTools;
  signal: AbortSignal | undefined;
}): Promise<void> {
  const { headFile, windowFile, outFile, copied, halfFrame, startSeconds, tools, signal } = args;
  const work = path.dirname(outFile);
  const prefixFile = path.join(work, 'append-prefix.mp4');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', headFile],
      ...['-map', '0:v', '-map', '0:a', '-t', (copied - startSeconds - halfFrame).toFixed(6), '-c', 'copy'],
      prefixFile,
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  const list = path.join(work, 'append.txt');
  const quote = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;
  await writeFile(
    list,
    `file ${quote(prefixFile)}\nduration ${(copied - startSeconds).toFixed(6)}\nfile ${quote(windowFile)}\n`,
  );
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
      ...['-map', '0:v', '-map', '0:a', '-c', 'copy'],
      ...['-metadata', `comment=${FILM_TAG}`, '-movflags', '+faststart', outFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}

export async function appendShot(args: {
  headFile: string;
  shotFile: string;
  outFile: string;
  tools: MediaTools;
  signal?: AbortSignal;
}): Promise<{ reencodedSeconds: number }> {
  const { headFile, shotFile, outFile, tools, signal } = args;
  const work = path.dirname(outFile);
  const [head, shot] = await Promise.all([
    filmFormat(headFile, tools, signal),
    filmFormat(shotFile, tools, signal),
  ]);
  // The crossfade is whole frames long, so picture and sound lose exactly the same time at the cut.
  const fps = fpsValue(head.fps);
  const fadeFrames = Math.max(1, Math.round(CROSSFADE_SECONDS * fps));
  const fade = fadeFrames / fps;
  const cut = Math.max(0, head.deliveredSeconds - fade);
  // Copy up to the film's last keyframe before the cut (at least half a GOP before it, so the crossfade is inside
  // the encoded window); a film not yet in the film setting is encoded whole, once.
  const copied = head.appendable
    ? await keyframeBefore(headFile, Math.max(0, cut - FILM_GOP_SECONDS / 2), tools, signal)
    : 0;
  const halfFrame = 0.5 / fps;
  const windowFile = copied > 0 ? path.join(work, 'append-window.mp4') : outFile;
  // The film from the keyframe on, copied out first: seeking the input of the encode itself is what the npm
  // ffmpeg build (2018) crashes on when the sound is crossfaded.
  const tailFile = copied > 0 ? path.join(work, 'append-tail.mp4') : headFile;
  if (copied > 0) await copyFrom(headFile, copied + halfFrame, tailFile, tools, signal);
  // Counted on the copied-out part itself, so the picture is cut on a frame whatever the film's start offset.
  const windowHead = copied > 0 ? await filmFormat(tailFile, tools, signal) : head;
  const keptFrames = Math.max(1, windowHead.frames - fadeFrames);
  const kept = keptFrames / fps;
  const total = kept + Math.round((shot.frames / fpsValue(shot.fps)) * fps) / fps;
  const filter = crossfadeFilter({ head, shot, keptFrames, kept, fade, total });
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-i', tailFile, '-i', shotFile],
      ...['-filter_complex', filter, '-map', '[v]', '-map', '[a]'],
      ...filmEncode(head.fps),
      // The cut is a keyframe, so a player seeks to the new shot exactly.
      ...['-force_key_frames', kept.toFixed(6)],
      ...['-metadata', `comment=${FILM_TAG}`, '-movflags', '+faststart', windowFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  if (copied === 0) return { reencodedSeconds: head.deliveredSeconds };
  await prependHead({
    headFile,
    windowFile,
    outFile,
    copied,
    halfFrame,
    startSeconds: head.startSeconds,
    tools,
    signal,
  });
  return { reencodedSeconds: head.deliveredSeconds - copied };
}

/** The film's last frame as a JPEG (the first frame of the shot that continues it). */
export async function extractLastFrame(
  file: string,
  outFile: string,
  tools: MediaTools,
  signal?: AbortSignal,
): Promise<void> {
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-sseof', '-1', '-i', file],
      // Every decoded frame overwrites the file, so the last one written is the film's last frame.
      ...['-an', '-update', '1', '-q:v', '2', outFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}
