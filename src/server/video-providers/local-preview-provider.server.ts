import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { runTool } from '#server/media/media.server';
import { MODE_RESOLUTION, VIDEO_LENGTH_SECONDS, type VideoQuality } from '#shared/catalogue';
import { type ProviderResolution, providerFrameSize } from '#shared/video-models';
import { LocalRenderCache, type RenderCacheOptions } from './local-preview-cache.server';
import {
  type PreviewImage,
  pictureSource,
  previewRenderArgs,
  toneSource,
  wrap,
} from './local-preview-graph.server';
import {
  type PollResult,
  type ProviderAspectRatio,
  ProviderError,
  type ProviderImage,
  type VideoGenerationInput,
  type VideoProvider,
} from './video-provider.server';

/**
 * The offline provider (design §5): ffmpeg renders a real 8 s MP4 with an AAC track — an animated gradient and a
 * tone seeded from the prompt and seed, the prompt legible, and an honest "prévia local" label — at the mode's real
 * resolution, so the whole product works without a Gemini key and shows what production delivers. Refused in
 * production (config). It does what the models do with directed videos, offline: the first frame opens the video
 * and the last frame closes it, reference images stay on screen as thumbnails, an extension renders the new 8 s
 * part (the pipeline joins it to the source), and an edit re-renders the source's length with the instruction
 * shown. It behaves like a long-running operation: `submit` writes the job's parameters
 * to disk under a local operation name, `poll` answers done once the file exists and the configured delay has
 * passed. A restarted worker finds the parameters and renders again, so resume works exactly as with Veo.
 */

export interface LocalProviderOptions {
  /** Where operations and their files live (under DATA_DIR). */
  dir: string;
  delayMs: number;
  ffmpegPath: string;
  /** A TrueType file for drawtext's `fontfile=` (the media toolchain's DejaVu Sans). */
  fontFile: string;
  renderTimeoutMs?: number;
  /** Renders kept by what made them (LOCAL_RENDER_CACHE_MB, ADR 0075); absent: every render is encoded. */
  cache?: RenderCacheOptions;
}

interface LocalOperation {
  prompt: string;
  seed: number | null;
  /** Absent in operations written before modes had their own resolution: those render as Fast. */
  quality?: VideoQuality;
  /** Absent in operations written before a request chose its resolution: those render at their mode's. */
  resolution?: ProviderResolution;
  aspectRatio: ProviderAspectRatio;
  submittedAt: number;
  /** The clip length for a new video or an extension's new part; the source's length for an edit. */
  renderSeconds?: number;
  /** Shown above the prompt: what kind of render this is. */
  label?: string;
  /** Image files beside the operation, so a restarted worker renders them too. */
  firstFrame?: string;
  lastFrame?: string;
  referenceImages?: string[];
}

/**
 * Each mode's real output (design §5, ADR 0033: Rascunho 360p, Fast 720p, Quality 1080p or 4K), so the preview
 * shows what production delivers.
 */
export function previewSize(
  quality: VideoQuality,
  aspectRatio: ProviderAspectRatio,
  resolution: ProviderResolution = MODE_RESOLUTION[quality],
): { width: number; height: number } {
  return providerFrameSize(resolution, aspectRatio);
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/**
 * A prompt (or extension prompt, or edit instruction) containing this fails at the provider, the way Stripe's
 * test cards decline: so a failure and its refund can be tried offline, in tests and in the two-command setup.
 */
export const LOCAL_FAILURE_MARKER = '[falha-local]';

/**
 * Bad takes on purpose, so the take guarantee (generation/take-check) can be seen offline: a prompt with one of these
 * renders a video that fails its check — a picture that never moves, a black picture, or no sound. The local
 * provider is refused in production (config), and so are these.
 */
export const LOCAL_BAD_TAKE_MARKERS = {
  frozen: '[take-congelado]',
  black: '[take-preto]',
  silent: '[take-calado]',
} as const;
type BadTake = keyof typeof LOCAL_BAD_TAKE_MARKERS;

function badTakeOf(prompt: string): BadTake | undefined {
  return (Object.keys(LOCAL_BAD_TAKE_MARKERS) as BadTake[]).find((kind) =>
    prompt.includes(LOCAL_BAD_TAKE_MARKERS[kind]),
  );
}

const OPERATION = /^local\/([0-9a-f-]{36})$/;
const URI = /^local:\/\/([0-9a-f-]{36})$/;

export class LocalVideoProvider implements VideoProvider {
  readonly name = 'local';
  private readonly renders = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, string>();
  /** Aborted by `close`: the renders' ffmpeg children end with the server, not minutes after it. */
  private readonly stopping = new AbortController();
  private readonly cache: LocalRenderCache | undefined;

  constructor(private readonly options: LocalProviderOptions) {
    const cache = options.cache && new LocalRenderCache(options.cache);
    this.cache = cache?.enabled ? cache : undefined;
  }

  /** Ends the renders in progress (their ffmpeg is killed) and waits for them; a later worker renders them again. */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled(this.renders.values());
  }

  model(quality: VideoQuality): string {
    return `cena-local-preview-${quality}`;
  }

  async submit(input: VideoGenerationInput): Promise<{ operationName: string }> {
    const id = randomUUID();
    await mkdir(this.options.dir, { recursive: true });
    const saveImage = async (image: ProviderImage | undefined, name: string) => {
      if (!image) return undefined;
      const file = this.file(id, `${name}.${IMAGE_EXTENSIONS[image.mimeType] ?? 'img'}`);
      await writeFile(file, image.bytes);
      return file;
    };
    const references: string[] = [];
    for (const [index, image] of (input.referenceImages ?? []).entries()) {
      const file = await saveImage(image, `reference-${index}`);
      if (file) references.push(file);
    }
    const derivation = input.derivation;
    const operation: LocalOperation = {
      prompt: input.userPrompt,
      seed: input.seed,
      quality: input.quality,
      resolution: input.resolution,
      aspectRatio: input.aspectRatio,
      submittedAt: Date.now(),
      // An edit re-renders the source's whole length; an extension renders the new part, which Cena joins.
      renderSeconds:
        derivation?.kind === 'edit'
          ? Math.max(1, Math.round(derivation.sourceDeliveredSeconds))
          : input.clipSeconds,
      label:
        derivation?.kind === 'edit' ? 'edição' : derivation?.kind === 'extend' ? 'continuação' : undefined,
      firstFrame: await saveImage(input.image, 'first-frame'),
      lastFrame: await saveImage(input.lastFrame, 'last-frame'),
      referenceImages: references,
    };
    await writeFile(this.file(id, 'json'), JSON.stringify(operation));
    if (!operation.prompt.includes(LOCAL_FAILURE_MARKER)) this.startRender(id, operation);
    return { operationName: `local/${id}` };
  }

  async poll(operationName: string): Promise<PollResult> {
    const id = OPERATION.exec(operationName)?.[1];
    if (!id) throw new ProviderError(`invalid local operation name ${operationName}`);
    const failure = this.failures.get(id);
    if (failure) return { done: true, error: { message: failure } };
    let operation: LocalOperation;
    try {
      operation = JSON.parse(await readFile(this.file(id, 'json'), 'utf8')) as LocalOperation;
    } catch {
      return { done: true, error: { message: `local operation ${id} not found` } };
    }
    if (operation.prompt.includes(LOCAL_FAILURE_MARKER)) {
      return {
        done: true,
        error: { message: 'the local renderer was asked to fail (LOCAL_FAILURE_MARKER)' },
      };
    }
    const rendered = await access(this.file(id, 'mp4')).then(
      () => true,
      () => false,
    );
    if (!rendered) {
      // Another process submitted it, or this one restarted: render from the stored parameters.
      this.startRender(id, operation);
      return { done: false };
    }
    if (Date.now() < operation.submittedAt + this.options.delayMs) return { done: false };
    return { done: true, video: { uri: `local://${id}` } };
  }

  async download(uri: string): Promise<Readable> {
    const id = URI.exec(uri)?.[1];
    if (!id) throw new ProviderError(`invalid local video uri ${uri}`);
    const stream = createReadStream(this.file(id, 'mp4'));
    // The copy in storage is the user's file from now on; ours (and the images it used) are removed once read.
    stream.on('close', () => {
      void this.operationImages(id).then((files) =>
        Promise.all(files.map((file) => rm(file, { force: true }))),
      );
      void rm(this.file(id, 'mp4'), { force: true });
      void rm(this.file(id, 'json'), { force: true });
    });
    return stream;
  }

  private async operationImages(id: string): Promise<string[]> {
    try {
      const operation = JSON.parse(await readFile(this.file(id, 'json'), 'utf8')) as LocalOperation;
      return [operation.firstFrame, operation.lastFrame, ...(operation.referenceImages ?? [])].filter(
        (file): file is string => Boolean(file),
      );
    } catch {
      return [];
    }
  }

  private file(id: string, extension: string): string {
    return path.join(this.options.dir, `${id}.${extension}`);
  }

  private startRender(id: string, operation: LocalOperation): void {
    if (this.renders.has(id) || this.stopping.signal.aborted) return;
    const render = this.render(id, operation)
      .catch((error: unknown) => {
        // Ended by `close`: not a failure; the next worker to poll renders it again.
        if (!this.stopping.signal.aborted) this.failures.set(id, (error as Error).message);
      })
      .finally(() => this.renders.delete(id));
    this.renders.set(id, render);
  }

  private async render(id: string, operation: LocalOperation): Promise<void> {
    const { width, height } = previewSize(
      operation.quality ?? 'fast',
      operation.aspectRatio,
      operation.resolution,
    );
    const frame = { width, height, seconds: operation.renderSeconds ?? VIDEO_LENGTH_SECONDS };
    const digest = createHash('sha256')
      .update(`${operation.prompt}\u0000${operation.seed ?? ''}`)
      .digest();
    const textFile = this.file(id, `${randomUUID()}.txt`);
    const caption = operation.label ? `${operation.label}: ${operation.prompt}` : operation.prompt;
    const portrait = height > width;
    await writeFile(textFile, wrap(caption, portrait ? 24 : 40, portrait ? 8 : 5));
    const bad = badTakeOf(operation.prompt);
    const sources = {
      video: pictureSource(
        frame,
        digest,
        { black: bad === 'black', still: bad === 'frozen' },
        { fontFile: this.options.fontFile, textFile },
      ),
      // An extension's part starts and ends at full volume, so the joined video's sound runs on without a dip.
      audio: toneSource(frame, digest, {
        silent: bad === 'silent',
        fades: operation.label !== 'continuação',
      }),
      images: imagesOf(operation),
    };
    // Per render: another process may render the same operation at once (a resumed job), and two ffmpeg runs
    // must never write one file. The first complete rename wins; a later one replaces it with an equal file.
    const partial = this.file(id, `${randomUUID()}.partial.mp4`);
    try {
      const args = previewRenderArgs(frame, sources, partial);
      const inputs = [textFile, this.options.fontFile, ...sources.images.map((image) => image.file)];
      const encode = async () => {
        await runTool(this.options.ffmpegPath, args, {
          // An edit re-renders the source's whole length: the limit grows with it (2 min per 8 s, at least 2 min).
          timeoutMs: this.options.renderTimeoutMs ?? Math.max(120_000, frame.seconds * 15_000),
          signal: this.stopping.signal,
        });
      };
      if (this.cache) {
        const key = await this.cache.key(this.options.ffmpegPath, args, inputs, partial);
        await this.cache.produce(key, partial, encode);
      } else await encode();
      // Renamed only when complete, so `poll` never hands out half a file.
      await rename(partial, this.file(id, 'mp4'));
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}

/** The operation's images in input order: the first frame, the last frame, then the references. */
function imagesOf(operation: LocalOperation): PreviewImage[] {
  const images: PreviewImage[] = [];
  if (operation.firstFrame) images.push({ file: operation.firstFrame, role: 'first', index: 0 });
  if (operation.lastFrame) images.push({ file: operation.lastFrame, role: 'last', index: 0 });
  for (const [index, file] of (operation.referenceImages ?? []).entries()) {
    images.push({ file, role: 'reference', index });
  }
  return images;
}
