import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { VIDEO_LENGTH_SECONDS, type VideoQuality } from '../../../../shared/catalogue';
import { MODE_RESOLUTION, providerFrameSize } from '../../../../shared/video-models';
import { runTool } from '../ffmpeg.server';
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
}

interface LocalOperation {
  prompt: string;
  seed: number | null;
  /** Absent in operations written before modes had their own resolution: those render as Fast. */
  quality?: VideoQuality;
  aspectRatio: ProviderAspectRatio;
  submittedAt: number;
  /** 8 s for a new video or an extension's new part; the source's length for an edit. */
  durationSeconds?: number;
  /** Shown above the prompt: what kind of render this is. */
  label?: string;
  /** Image files beside the operation, so a restarted worker renders them too. */
  firstFrame?: string;
  lastFrame?: string;
  referenceImages?: string[];
}

/** Each mode's real output (design §5: Fast = 720p, Quality = 1080p), so the preview shows what production delivers. */
export function previewSize(
  quality: VideoQuality,
  aspectRatio: ProviderAspectRatio,
): { width: number; height: number } {
  return providerFrameSize(MODE_RESOLUTION[quality], aspectRatio);
}

/**
 * A slowly drifting three-colour gradient seeded from the prompt, as a geq filter on a gbrp frame.
 * (ffmpeg's `gradients` source would do, but the npm static build predates it.)
 */
function gradient(digest: Buffer, still: boolean): string {
  const colours = [0, 3, 6].map((offset) => [...digest.subarray(offset, offset + 3)]);
  const phase = ((digest.readUInt16BE(9) % 628) / 100).toFixed(2);
  const time = still ? '0' : 'T';
  const t = `clip(0.55*X/W+0.45*Y/H+0.22*sin(2*PI*${time}/8+3*X/W+${phase}),0,1)`;
  const channel = (index: number) => {
    const [a, b, c] = colours.map((colour) => colour[index] ?? 0);
    return `'if(lt(${t},0.5),lerp(${a},${b},2*${t}),lerp(${b},${c},2*${t}-1))'`;
  };
  return `geq=r=${channel(0)}:g=${channel(1)}:b=${channel(2)}`;
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
 * Bad takes on purpose, so the take guarantee (videos/take-check) can be seen offline: a prompt with one of these
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

/** Wraps the prompt into at most `maxLines` lines of `width` characters (drawtext does not wrap). */
function wrap(text: string, width: number, maxLines: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = word.slice(0, width);
    }
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const full = lines.join('\n');
  return full.length < text.trim().length ? `${full.replace(/.{0,1}$/, '')}…` : full;
}

/** Single-quoted filter option value; a path with a quote is refused rather than escaped. */
function quoted(value: string): string {
  if (value.includes("'")) throw new ProviderError(`path not usable in an ffmpeg filter: ${value}`);
  return `'${value.replaceAll('\\', '/')}'`;
}

export class LocalVideoProvider implements VideoProvider {
  readonly name = 'local';
  private readonly renders = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, string>();
  /** Aborted by `close`: the renders' ffmpeg children end with the server, not minutes after it. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: LocalProviderOptions) {}

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
      aspectRatio: input.aspectRatio,
      submittedAt: Date.now(),
      // An edit re-renders the source's whole length; an extension renders the new part, which Cena joins.
      durationSeconds:
        derivation?.kind === 'edit'
          ? Math.max(1, Math.round(derivation.sourceDurationSeconds))
          : VIDEO_LENGTH_SECONDS,
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
    const { width, height } = previewSize(operation.quality ?? 'fast', operation.aspectRatio);
    const portrait = height > width;
    const seconds = operation.durationSeconds ?? VIDEO_LENGTH_SECONDS;
    const digest = createHash('sha256')
      .update(`${operation.prompt}\u0000${operation.seed ?? ''}`)
      .digest();
    const tone = 180 + (digest.readUInt16BE(12) % 260);
    const textFile = this.file(id, `${randomUUID()}.txt`);
    const caption = operation.label ? `${operation.label}: ${operation.prompt}` : operation.prompt;
    await writeFile(textFile, wrap(caption, portrait ? 24 : 40, portrait ? 8 : 5));
    const font = quoted(this.options.fontFile);
    // Sizes are set for 720 px on the short side and scale with it, so both modes show the same layout.
    const scale = Math.min(width, height) / 720;
    const px = (size: number) => Math.round(size * scale);
    const images: { file: string; role: 'first' | 'last' | 'reference'; index: number }[] = [];
    if (operation.firstFrame) images.push({ file: operation.firstFrame, role: 'first', index: 0 });
    if (operation.lastFrame) images.push({ file: operation.lastFrame, role: 'last', index: 0 });
    for (const [index, file] of (operation.referenceImages ?? []).entries()) {
      images.push({ file, role: 'reference', index });
    }
    const thumb = Math.round(height / 6);
    // The picture, the prompt and the label are one lavfi source, as cheap as a clip without images; the gradient
    // is computed small (geq runs per pixel) and scaled up smoothly, so 1080p costs little more than 720p.
    const bad = badTakeOf(operation.prompt);
    const video =
      bad === 'black'
        ? `color=c=black:s=${width}x${height}:r=24:d=${seconds},format=yuv420p`
        : [
            `color=c=black:s=${portrait ? '36x64' : '64x36'}:r=24:d=${seconds},format=gbrp,${gradient(digest, bad === 'frozen')}`,
            `,scale=${width}:${height}:flags=bicubic`,
            `,drawtext=fontfile=${font}:textfile=${quoted(textFile)}:expansion=none:fontcolor=white`,
            `:fontsize=${px(portrait ? 36 : 40)}:line_spacing=${px(10)}:box=1:boxcolor=black@0.45:boxborderw=${px(24)}`,
            ':x=(w-text_w)/2:y=(h-text_h)/2',
            `,drawtext=fontfile=${font}:text='prévia local · Cena':expansion=none:fontcolor=white@0.9`,
            `:fontsize=${px(28)}:box=1:boxcolor=black@0.6:boxborderw=${px(12)}:x=${px(32)}:y=${px(32)}`,
            ',format=yuv420p',
          ].join('');
    // Inputs 0 and 1 are the picture and the tone; every image follows as one still frame, decoded and scaled
    // once: overlay's default eof_action (repeat) keeps it on screen for the rest of the picture, which alone sets
    // the length. (A looped image input would decode and scale the file again for every frame.)
    const graph: string[] = [];
    let last = '0:v';
    images.forEach((image, position) => {
      const input = position + 2;
      const next = `s${position + 1}`;
      if (image.role === 'reference') {
        // References stay on screen the whole time, as a row of thumbnails in the lower right corner.
        graph.push(`[${input}:v]scale=-2:${thumb},setsar=1[i${position}]`);
        const x = `W-${(image.index + 1) * (thumb + px(24))}`;
        graph.push(`[${last}][i${position}]overlay=x=${x}:y=H-h-${px(24)}[${next}]`);
      } else {
        // The first frame opens the video and the last frame closes it, full frame, for a second and a half.
        const when = image.role === 'first' ? 'lt(t,1.5)' : `gte(t,${(seconds - 1.5).toFixed(2)})`;
        graph.push(
          `[${input}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1[i${position}]`,
        );
        graph.push(`[${last}][i${position}]overlay=enable='${when}'[${next}]`);
      }
      last = next;
    });
    const mapping =
      graph.length > 0
        ? ['-filter_complex', `${graph.join(';')};[${last}]format=yuv420p[v]`, '-map', '[v]', '-map', '1:a']
        : ['-map', '0:v', '-map', '1:a'];
    // An extension's part starts and ends at full volume, so the joined video's sound runs on without a dip.
    const fades =
      operation.label === 'continuação' ? '' : `,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.7}:d=0.7`;
    const audio = `sine=f=${tone}:d=${seconds}:r=44100,volume=${bad === 'silent' ? 0 : 0.25}${fades}`;
    const imageInputs = images.flatMap((image) => ['-i', image.file]);
    // Per render: another process may render the same operation at once (a resumed job), and two ffmpeg runs
    // must never write one file. The first complete rename wins; a later one replaces it with an equal file.
    const partial = this.file(id, `${randomUUID()}.partial.mp4`);
    try {
      await runTool(
        this.options.ffmpegPath,
        [
          ...[
            '-hide_banner',
            '-loglevel',
            'error',
            '-y',
            '-f',
            'lavfi',
            '-i',
            video,
            '-f',
            'lavfi',
            '-i',
            audio,
            ...imageInputs,
          ],
          ...mapping,
          ...[
            '-t',
            String(seconds),
            '-c:v',
            'libx264',
            // A preview is about the wait, not the bitrate: the fastest preset keeps a 1080p render to seconds
            // on two cores, and a smooth gradient loses nothing visible.
            '-preset',
            'ultrafast',
            '-crf',
            '23',
            '-c:a',
            'aac',
            '-b:a',
            '96k',
          ],
          ...['-movflags', '+faststart', '-f', 'mp4', partial],
        ],
        // An edit re-renders the source's whole length: the limit grows with it (2 min per 8 s, at least 2 min).
        {
          timeoutMs: this.options.renderTimeoutMs ?? Math.max(120_000, seconds * 15_000),
          signal: this.stopping.signal,
        },
      );
      // Renamed only when complete, so `poll` never hands out half a file.
      await rename(partial, this.file(id, 'mp4'));
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}
