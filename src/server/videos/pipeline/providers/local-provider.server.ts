import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { VideoQuality } from '../../../../shared/catalogue';
import { runTool } from '../ffmpeg.server';
import {
  type PollResult,
  ProviderError,
  type VideoGenerationInput,
  type VideoProvider,
} from './video-provider.server';

/**
 * The offline provider (design §5): ffmpeg renders a real 8 s MP4 with an AAC track — an animated gradient and a
 * tone seeded from the prompt and seed, the prompt legible, and an honest "prévia local" label — so the whole
 * product works without a Veo key. It behaves like a long-running operation: `submit` writes the job's parameters
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
}

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
    const operation: LocalOperation = {
      prompt: input.userPrompt,
      seed: input.seed,
      aspectRatio: input.aspectRatio,
      submittedAt: Date.now(),
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
    // The copy in storage is the user's file from now on; ours is removed once read.
    stream.on('close', () => {
      void rm(this.file(id, 'mp4'), { force: true });
      void rm(this.file(id, 'json'), { force: true });
    });
    return stream;
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
    const digest = createHash('sha256')
      .update(`${operation.prompt}\u0000${operation.seed ?? ''}`)
      .digest();
    const colour = (offset: number) => `0x${digest.subarray(offset, offset + 3).toString('hex')}`;
    const tone = 180 + (digest.readUInt16BE(12) % 260);
    const textFile = this.file(id, `${randomUUID()}.txt`);
    await writeFile(textFile, wrap(operation.prompt, portrait ? 24 : 40, portrait ? 8 : 5));
    const font = quoted(this.options.fontFile ?? DEFAULT_FONT);
    const fontSize = portrait ? 36 : 40;
    const video = [
      `gradients=s=${width}x${height}:r=24:d=8:c0=${colour(0)}:c1=${colour(3)}:c2=${colour(6)}:nb_colors=3`,
      `:speed=0.02:seed=${digest.readUInt32BE(9)}`,
      `,drawtext=fontfile=${font}:textfile=${quoted(textFile)}:expansion=none:fontcolor=white`,
      `:fontsize=${fontSize}:line_spacing=10:box=1:boxcolor=black@0.45:boxborderw=24`,
      ':x=(w-text_w)/2:y=(h-text_h)/2',
      `,drawtext=fontfile=${font}:text='prévia local · Cena':expansion=none:fontcolor=white@0.9`,
      ':fontsize=28:box=1:boxcolor=black@0.6:boxborderw=12:x=32:y=32',
      ',format=yuv420p',
    ].join('');
    const audio = `sine=f=${tone}:d=8:r=44100,volume=0.25,afade=t=in:d=0.5,afade=t=out:st=7.3:d=0.7`;
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
          ],
          ...[
            '-t',
            '8',
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
        { timeoutMs: this.options.renderTimeoutMs ?? 120_000 },
      );
      // Renamed only when complete, so `poll` never hands out half a file.
      await rename(partial, this.file(id, 'mp4'));
    } finally {
      await rm(textFile, { force: true });
      await rm(partial, { force: true });
    }
  }
}
