import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { VIDEO_LENGTH_SECONDS, type VideoQuality } from '../../../../shared/catalogue';
import { runTool } from '../ffmpeg.server';
import {
  type PollResult,
  ProviderError,
  type ProviderImage,
  type VideoGenerationInput,
  type VideoProvider,
} from './video-provider.server';

/**
 * The offline provider (design §5): ffmpeg renders a real 8 s MP4 with an AAC track — a turning colour field and a
 * tone seeded from the prompt and seed, the prompt legible, and an honest "prévia local" label — so the whole
 * product works without a Veo key. It does what the models do with directed videos, offline: the first frame opens
 * the video and the last frame closes it, reference images stay on screen as thumbnails, an extension renders the
 * new 8 s part (the pipeline joins it to the source), and an edit re-renders the source's length with the
 * instruction shown. It behaves like a long-running operation: `submit` writes the job's parameters
 * to disk under a local operation name, `poll` answers done once the file exists and the configured delay has
 * passed. A restarted worker finds the parameters and renders again, so resume works exactly as with Veo.
 */

export interface LocalProviderOptions {
  /** Where operations and their files live (under DATA_DIR). */
  dir: string;
  delayMs: number;
  ffmpegPath: string;
  fontFile?: string;
  renderTimeoutMs?: number;
}

interface LocalOperation {
  prompt: string;
  seed: number | null;
  aspectRatio: '16:9' | '9:16';
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

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const DEFAULT_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
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

  constructor(private readonly options: LocalProviderOptions) {}

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
    this.startRender(id, operation);
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
    if (this.renders.has(id)) return;
    const render = this.render(id, operation)
      .catch((error: unknown) => {
        this.failures.set(id, (error as Error).message);
      })
      .finally(() => this.renders.delete(id));
    this.renders.set(id, render);
  }

  private async render(id: string, operation: LocalOperation): Promise<void> {
    const portrait = operation.aspectRatio === '9:16';
    const [width, height] = portrait ? [720, 1280] : [1280, 720];
    const seconds = operation.durationSeconds ?? VIDEO_LENGTH_SECONDS;
    const digest = createHash('sha256')
      .update(`${operation.prompt}\u0000${operation.seed ?? ''}`)
      .digest();
    const colour = `0x${digest.subarray(0, 3).toString('hex')}`;
    const tone = 180 + (digest.readUInt16BE(12) % 260);
    const textFile = this.file(id, `${randomUUID()}.txt`);
    const caption = operation.label ? `${operation.label}: ${operation.prompt}` : operation.prompt;
    await writeFile(textFile, wrap(caption, portrait ? 24 : 40, portrait ? 8 : 5));
    const font = quoted(this.options.fontFile ?? DEFAULT_FONT);
    const fontSize = portrait ? 36 : 40;
    // Inputs 0 and 1 are the generated picture and tone; every image follows as a looped still.
    const images: { file: string; role: 'first' | 'last' | 'reference'; index: number }[] = [];
    if (operation.firstFrame) images.push({ file: operation.firstFrame, role: 'first', index: 0 });
    if (operation.lastFrame) images.push({ file: operation.lastFrame, role: 'last', index: 0 });
    for (const [index, file] of (operation.referenceImages ?? []).entries()) {
      images.push({ file, role: 'reference', index });
    }
    const thumb = Math.round(height / 6);
    const graph: string[] = [
      // A slowly turning colour field with a vignette: filters every ffmpeg since 4.x has.
      `[0:v]hue=h=t*${20 + ((digest[4] ?? 0) % 40)},vignette=PI/4[s0]`,
    ];
    let last = 's0';
    images.forEach((image, position) => {
      const input = position + 2;
      const next = `s${position + 1}`;
      if (image.role === 'reference') {
        // References stay on screen the whole time, as a row of thumbnails in the lower right corner.
        graph.push(`[${input}:v]scale=-2:${thumb},setsar=1[i${position}]`);
        const x = `W-${(image.index + 1) * (thumb + 24)}`;
        graph.push(`[${last}][i${position}]overlay=x=${x}:y=H-h-24:shortest=1[${next}]`);
      } else {
        // The first frame opens the video and the last frame closes it, full frame, for a second and a half.
        const when = image.role === 'first' ? 'lt(t,1.5)' : `gte(t,${(seconds - 1.5).toFixed(2)})`;
        graph.push(
          `[${input}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1[i${position}]`,
        );
        graph.push(`[${last}][i${position}]overlay=enable='${when}':shortest=1[${next}]`);
      }
      last = next;
    });
    graph.push(
      [
        `[${last}]drawtext=fontfile=${font}:textfile=${quoted(textFile)}:expansion=none:fontcolor=white`,
        `:fontsize=${fontSize}:line_spacing=10:box=1:boxcolor=black@0.45:boxborderw=24`,
        ':x=(w-text_w)/2:y=(h-text_h)/2',
        `,drawtext=fontfile=${font}:text='prévia local · Cena':expansion=none:fontcolor=white@0.9`,
        ':fontsize=28:box=1:boxcolor=black@0.6:boxborderw=12:x=32:y=32',
        ',format=yuv420p[v]',
      ].join(''),
    );
    const background = `color=c=${colour}:s=${width}x${height}:r=24:d=${seconds}`;
    // An extension's part starts and ends at full volume, so the joined video's sound runs on without a dip.
    const fades =
      operation.label === 'continuação' ? '' : `,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.7}:d=0.7`;
    const audio = `sine=f=${tone}:d=${seconds}:r=44100,volume=0.25${fades}`;
    const imageInputs = images.flatMap((image) => ['-loop', '1', '-t', String(seconds), '-i', image.file]);
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
            background,
            '-f',
            'lavfi',
            '-i',
            audio,
            ...imageInputs,
          ],
          ...['-filter_complex', graph.join(';'), '-map', '[v]', '-map', '1:a'],
          ...[
            '-t',
            String(seconds),
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-crf',
            '26',
            '-c:a',
            'aac',
            '-b:a',
            '96k',
          ],
          ...['-movflags', '+faststart', '-f', 'mp4', partial],
        ],
        // An edit re-renders the source's whole length: the limit grows with it (2 min per 8 s, at least 2 min).
        { timeoutMs: this.options.renderTimeoutMs ?? Math.max(120_000, seconds * 15_000) },
      );
      // Renamed only when complete, so `poll` never hands out half a file.
      await rename(partial, this.file(id, 'mp4'));
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}
