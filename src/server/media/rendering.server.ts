import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AspectRatio } from '#shared/catalogue';
import { deliver, type RenderEdits } from './deliver.server';
import { FfmpegError, type MediaTools, probeJson, runTool } from './ffmpeg.server';
import { appendShot, extractLastFrame, FILM_TAG, filmEncode } from './film.server';
import { writeThumbnail } from './thumbnail.server';
import { markedCopy } from './trial-mark.server';

/**
 * The rendering step (design §5): the provider's file is copied into our storage at once (providers delete theirs
 * after hours or days), reframed to 1:1 / 4:3 when asked (the provider only makes 16:9 and 9:16), given a JPEG
 * thumbnail, and probed for the technical info shown to the user. Every ffmpeg run is bounded in time.
 */

/** The part of BlobStorage (videos/storage) the pipeline writes with. */
export interface PipelineStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<unknown>;
}

export interface ProbeResult {
  deliveredSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface RenderedMedia {
  sourceKey: string;
  videoKey: string;
  thumbnailKey: string;
  probe: ProbeResult;
  /** `{width}x{height}` of the delivered video. */
  resolution: string;
}

/**
 * The last frame of a completed video in the model's framing: the first frame of a new shot that continues it
 * (src/shared/video-directing.ts `extensionPlan`). Written once, by the first extension that needs it.
 */
export function lastFrameKey(userId: string, requestId: string): string {
  return `${userId}/videos/${requestId}/last-frame.jpg`;
}

export function mediaKeys(userId: string, requestId: string) {
  const base = `${userId}/videos/${requestId}`;
  return {
    /** The provider's file as downloaded, kept only from the download step to the render step (ADR 0024). */
    download: `${base}/download.mp4`,
    source: `${base}/source.mp4`,
    video: `${base}/video.mp4`,
    thumbnail: `${base}/thumbnail.jpg`,
    /** The video with its captions burned in (src/server/captions, ADR 0039). */
    captioned: `${base}/legendado.mp4`,
    /** A trial-marked 1:1 / 4:3 video's crop without the mark: what a new shot is appended to (ADR 0044). */
    unmarked: `${base}/sem-marca.mp4`,
  };
}

const RATIOS: Record<AspectRatio, number> = { '16:9': 16 / 9, '9:16': 9 / 16, '1:1': 1, '4:3': 4 / 3 };

/** The ratios the provider makes as asked; 1:1 and 4:3 are reframed from them. */
const PROVIDER_RATIOS: readonly AspectRatio[] = ['16:9', '9:16'];

/**
 * Where the download step keeps the provider's file until the render (ADR 0024). A new video in a ratio the
 * provider makes is its own file: kept under the video's key, the render only adds the thumbnail and the file is
 * stored once. An extension (joined) or a reframed ratio keeps a copy the render reads, then deletes.
 */
export function downloadKey(
  request: { userId: string; id: string; aspectRatio: AspectRatio; extendsRequestId: string | null },
  /** The delivered file carries the trial mark: the provider's file is never the video then (ADR 0044). */
  marked = false,
): string {
  const keys = mediaKeys(request.userId, request.id);
  const ownFile =
    !marked && request.extendsRequestId === null && PROVIDER_RATIOS.includes(request.aspectRatio);
  return ownFile ? keys.video : keys.download;
}

export async function probe(file: string, tools: MediaTools, signal?: AbortSignal): Promise<ProbeResult> {
  const info = await probeJson(tools.ffprobePath, file, { timeoutMs: tools.timeoutMs, signal });
  const video = info.streams?.find((stream) => stream.codec_type === 'video');
  const deliveredSeconds = Number(info.format?.duration ?? video?.duration);
  if (!video?.width || !video.height || !Number.isFinite(deliveredSeconds) || deliveredSeconds <= 0) {
    throw new FfmpegError('the video has no readable video stream or duration');
  }
  return {
    deliveredSeconds: Math.round(deliveredSeconds * 100) / 100,
    width: video.width,
    height: video.height,
    hasAudio: Boolean(info.streams?.some((stream) => stream.codec_type === 'audio')),
  };
}

/** Centre crop to the target ratio, keeping the full height or width, with even sides (H.264 needs them). */
function cropFilter(ratio: number): string {
  return `crop='trunc(min(iw,ih*${ratio})/2)*2':'trunc(min(ih,iw/${ratio})/2)*2'`;
}

/**
 * An extension's answer joined to the video it continues.
 * - `same-take`: the source's first `headSeconds - overlap` seconds, then the provider's file. A model that answers
 *   with the source's tail and the new part (`repeatedTail`: up to `upToSeconds` of the source, then the
 *   `newPartSeconds` asked for) repeats `overlap` seconds of the source, measured from the answer's length.
 * - `new-shot`: the provider's file is a new shot that opens on the source's last frame; it is appended to the film
 *   (film.server.ts), to `head` in the model's framing and, for a reframed ratio, to `framedHead`, the delivered
 *   1:1 / 4:3 film, so neither is re-encoded whole.
 */
export type JoinPlan =
  | {
      kind: 'same-take';
      head: Readable;
      headSeconds: number;
      repeatedTail?: { upToSeconds: number; newPartSeconds: number };
    }
  | { kind: 'new-shot'; head: Readable; framedHead?: Readable };

/** Shorter differences are container rounding (a frame, an audio packet), not a repeated tail. */
const OVERLAP_TOLERANCE_SECONDS = 0.25;

/**
 * The seconds of the source the answer repeats, from its measured length: what is longer than the new part asked
 * for, never more than the documented tail nor the source. An answer of only the new part repeats nothing.
 */
function overlapSeconds(
  plan: Pick<Extract<JoinPlan, { kind: 'same-take' }>, 'headSeconds' | 'repeatedTail'>,
  answerSeconds: number,
): number {
  if (!plan.repeatedTail) return 0;
  const repeated = answerSeconds - plan.repeatedTail.newPartSeconds;
  if (repeated < OVERLAP_TOLERANCE_SECONDS) return 0;
  return Math.min(repeated, plan.repeatedTail.upToSeconds, plan.headSeconds);
}

/** The frame rate of a re-encoded join. */
const JOIN_FPS = 24;

/**
 * Joins two MP4s into one with continuous audio. When both have the same video and audio parameters and nothing is
 * cut, the streams are copied (a 60 s chain joins in well under a second); otherwise the head is trimmed and both
 * are re-encoded to the head's size.
 */
async function joinFiles(
  headFile: string,
  keepSeconds: number,
  tailFile: string,
  outFile: string,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<void> {
  const [head, tail] = await Promise.all([probe(headFile, tools, signal), probe(tailFile, tools, signal)]);
  if (keepSeconds <= 0.05) {
    await copyFile(tailFile, outFile);
    return;
  }
  const whole = keepSeconds >= head.deliveredSeconds - 0.05;
  const same =
    head.width === tail.width && head.height === tail.height && head.hasAudio && tail.hasAudio && whole;
  if (same) {
    const list = path.join(path.dirname(outFile), 'join.txt');
    await writeFile(list, `file '${headFile}'\nfile '${tailFile}'\n`);
    await runTool(
      tools.ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
        ...['-c', 'copy', '-movflags', '+faststart', outFile],
      ],
      { timeoutMs: tools.timeoutMs, signal },
    );
    return;
  }
  const size = `${head.width}:${head.height}`;
  // A silent track stands in for a missing one, so the joined video's audio runs its whole length.
  const audio = (index: number, has: boolean, seconds: number) =>
    has
      ? `[${index}:a]aresample=44100,aformat=channel_layouts=stereo${index === 0 ? `,atrim=0:${seconds},asetpts=PTS-STARTPTS` : ''}[a${index}]`
      : `anullsrc=r=44100:cl=stereo,atrim=0:${seconds}[a${index}]`;
  const filter = [
    `[0:v]trim=0:${keepSeconds},setpts=PTS-STARTPTS,scale=${size},setsar=1,fps=${JOIN_FPS},format=yuv420p[v0]`,
    `[1:v]scale=${size}:force_original_aspect_ratio=decrease,pad=${size}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${JOIN_FPS},format=yuv420p[v1]`,
    audio(0, head.hasAudio, keepSeconds),
    audio(1, tail.hasAudio, tail.deliveredSeconds),
    '[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]',
  ].join(';');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', headFile, '-i', tailFile],
      ...['-filter_complex', filter, '-map', '[v]', '-map', '[a]'],
      // Encoded anyway, so in the film setting: a new shot appended to this take later re-encodes only its last
      // GOP, not the whole take once more (film.server.ts).
      ...filmEncode(`${JOIN_FPS}/1`),
      ...['-metadata', `comment=${FILM_TAG}`, '-movflags', '+faststart', outFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}

/**
 * Stores the last frame of a completed video (in the model's framing) under `key`: the first frame of the new shot
 * that continues it. The same frame for every branch, so an existing one is kept.
 */
export async function storeLastFrame(args: {
  video: Readable;
  storage: PipelineStorage;
  key: string;
  tools: MediaTools;
  signal?: AbortSignal;
}): Promise<void> {
  args.video.on('error', () => undefined);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'cena-frame-'));
  try {
    const videoFile = path.join(workDir, 'video.mp4');
    await pipeline(args.video, createWriteStream(videoFile), { signal: args.signal });
    const frameFile = path.join(workDir, 'last-frame.jpg');
    await extractLastFrame(videoFile, frameFile, args.tools, args.signal);
    if ((await stat(frameFile)).size === 0) throw new FfmpegError('the video has no last frame');
    await args.storage.put(args.key, createReadStream(frameFile), 'image/jpeg');
  } finally {
    args.video.destroy();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A stream source written into `workDir` and probed; a file source as it is. */
async function onDisk(
  source: Readable | { file: string; probe: ProbeResult },
  workDir: string,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<{ file: string; probe: ProbeResult }> {
  if ('file' in source) return source;
  // An abort can error the stream before `pipeline` listens to it; unheard, that error would crash the process.
  source.on('error', () => undefined);
  const file = path.join(workDir, 'source.mp4');
  await pipeline(source, createWriteStream(file), { signal });
  if ((await stat(file)).size === 0) throw new FfmpegError('the provider’s video is empty');
  return { file, probe: await probe(file, tools, signal) };
}

/** An extension's answer joined to its source in `workDir`; a new shot's cropped head written beside it. */
async function joined(
  join: JoinPlan,
  source: { file: string; probe: ProbeResult },
  workDir: string,
  tools: MediaTools,
  signal: AbortSignal | undefined,
): Promise<{ sourceFile: string; framedHeadFile: string | undefined; trimmed: boolean }> {
  const headFile = path.join(workDir, 'head.mp4');
  await pipeline(join.head, createWriteStream(headFile), { signal });
  const sourceFile = path.join(workDir, 'joined.mp4');
  if (join.kind === 'same-take') {
    const answerSeconds = join.repeatedTail ? source.probe.deliveredSeconds : 0;
    const overlap = overlapSeconds(join, answerSeconds);
    await joinFiles(headFile, join.headSeconds - overlap, source.file, sourceFile, tools, signal);
    return { sourceFile, framedHeadFile: undefined, trimmed: overlap > 0 };
  }
  await appendShot({ headFile, shotFile: source.file, outFile: sourceFile, tools, signal });
  if (!join.framedHead) return { sourceFile, framedHeadFile: undefined, trimmed: false };
  const framedHeadFile = path.join(workDir, 'framed-head.mp4');
  await pipeline(join.framedHead, createWriteStream(framedHeadFile), { signal });
  return { sourceFile, framedHeadFile, trimmed: false };
}

/** The user's framing (1:1, 4:3) of the source, written in `workDir`. */
async function reframed(args: {
  sourceFile: string;
  shotFile: string;
  framedHeadFile: string | undefined;
  ratio: number;
  workDir: string;
  tools: MediaTools;
  signal: AbortSignal | undefined;
}): Promise<string> {
  const { tools, signal } = args;
  if (args.framedHeadFile) {
    // The delivered film grows by the new shot too, cropped to its frame: never re-encoded whole.
    const framedDir = await mkdtemp(path.join(args.workDir, 'framed-'));
    const videoFile = path.join(framedDir, 'video.mp4');
    await appendShot({
      headFile: args.framedHeadFile,
      shotFile: args.shotFile,
      outFile: videoFile,
      tools,
      signal,
    });
    return videoFile;
  }
  const videoFile = path.join(args.workDir, 'video.mp4');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', args.sourceFile],
      ...['-vf', cropFilter(args.ratio), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'copy', '-movflags', '+faststart', videoFile],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  return videoFile;
}

export async function renderResult(args: {
  /**
   * The provider's video: on local disk and probed already (the pipeline's delivery step, delivery.server.ts),
   * left where it is; or a stream, written and probed here (the local preview's tests and benchmarks).
   */
  source: Readable | { file: string; probe: ProbeResult };
  /** For an extension: the video it continues, joined in front of the provider's file. */
  join?: JoinPlan;
  storage: PipelineStorage;
  userId: string;
  requestId: string;
  aspectRatio: AspectRatio;
  tools: MediaTools;
  signal?: AbortSignal;
  /** The key the source file is stored under already (the download step's), not uploaded again. */
  storedAt?: string;
  /** Deliver the video with the trial mark drawn in this font (ADR 0044); the source stays clean. */
  trialMark?: { fontFile: string };
  /**
   * Signs the delivered file in place after its last ffmpeg step (Content Credentials, ADR 0065), told what was done
   * to the model's file (`providerFile`, read before it is signed when it is the delivered file itself).
   */
  seal?: (videoFile: string, done: RenderEdits) => Promise<void>;
}): Promise<RenderedMedia> {
  const { tools, signal } = args;
  const keys = mediaKeys(args.userId, args.requestId);
  let workDir: string | undefined;
  try {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'cena-render-'));
    const source = await onDisk(args.source, workDir, tools, signal);
    const shotFile = source.file;
    const { sourceFile, framedHeadFile, trimmed } = args.join
      ? await joined(args.join, source, workDir, tools, signal)
      : { sourceFile: shotFile, framedHeadFile: undefined, trimmed: false };
    // A joined file is probed anew; the provider's own was probed by its download.
    const sourceProbe = args.join ? await probe(sourceFile, tools, signal) : source.probe;
    const wanted = RATIOS[args.aspectRatio];
    // 9:16 and 16:9 come natively from the provider; only reframe when the shapes really differ. Without a
    // reframe the provider's file is the user's video and is stored once, under the video key.
    const reframe = Math.abs(sourceProbe.width / sourceProbe.height - wanted) > 0.02;
    // A marked video is never its own source: extensions continue the clean file (ADR 0044).
    const sourceKey = reframe || args.trialMark ? keys.source : keys.video;
    if (sourceKey !== args.storedAt && sourceKey !== keys.video)
      await args.storage.put(sourceKey, createReadStream(sourceFile), 'video/mp4');

    const framedFile = reframe
      ? await reframed({ sourceFile, shotFile, framedHeadFile, ratio: wanted, workDir, tools, signal })
      : sourceFile;
    const videoProbe = reframe ? await probe(framedFile, tools, signal) : sourceProbe;
    // A reframed marked video keeps its clean crop: new shots are appended to it, not to the mark.
    if (args.trialMark && reframe)
      await args.storage.put(keys.unmarked, createReadStream(framedFile), 'video/mp4');
    const videoFile = args.trialMark
      ? await markedCopy(framedFile, videoProbe, workDir, { ...tools, ...args.trialMark }, signal)
      : framedFile;
    const edits = { joined: Boolean(args.join), trimmed, reframed: reframe, marked: Boolean(args.trialMark) };
    const storedAsIs = sourceKey === keys.video && sourceKey === args.storedAt;
    await deliver(args, keys.video, videoFile, { ...edits, providerFile: shotFile }, storedAsIs);

    const thumbnailFile = path.join(workDir, 'thumbnail.jpg');
    await writeThumbnail(videoFile, videoProbe.deliveredSeconds, thumbnailFile, tools, signal);
    await args.storage.put(keys.thumbnail, createReadStream(thumbnailFile), 'image/jpeg');

    return {
      sourceKey,
      videoKey: keys.video,
      thumbnailKey: keys.thumbnail,
      probe: videoProbe,
      resolution: `${videoProbe.width}x${videoProbe.height}`,
    };
  } finally {
    if (!('file' in args.source)) args.source.destroy();
    args.join?.head.destroy();
    if (args.join?.kind === 'new-shot') args.join.framedHead?.destroy();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  }
}
