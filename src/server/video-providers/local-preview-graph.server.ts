import { ProviderError } from './video-provider.server';

/**
 * The local preview's ffmpeg command: a lavfi picture (gradient, prompt, label), a lavfi tone, and the operation's
 * images laid over the picture. Pure strings, so the provider keeps only the files and the process.
 */

export interface PreviewFrame {
  width: number;
  height: number;
  seconds: number;
}

export interface PreviewImage {
  file: string;
  role: 'first' | 'last' | 'reference';
  index: number;
}

interface PreviewSources {
  video: string;
  audio: string;
  images: PreviewImage[];
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

/** Wraps the prompt into at most `maxLines` lines of `width` characters (drawtext does not wrap). */
export function wrap(text: string, width: number, maxLines: number): string {
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

/** How often the gradient is drawn; the file is written at FRAME_RATE, each picture repeated in between. */
const PICTURES_PER_SECOND = 8;
const FRAME_RATE = 24;

/** Sizes are set for 720 px on the short side and scale with it, so both modes show the same layout. */
function scaledPixels({ width, height }: PreviewFrame): (size: number) => number {
  const scale = Math.min(width, height) / 720;
  return (size) => Math.round(size * scale);
}

/**
 * The picture, the prompt and the label are one lavfi source, as cheap as a clip without images; the gradient is
 * computed small (geq runs per pixel) and scaled up smoothly, so 1080p costs little more than 720p. It is drawn
 * PICTURES_PER_SECOND times a second and written at 24 (previewRenderArgs): the drift takes eight seconds, so more
 * pictures look the same, and the repeated frames between them cost the encoder almost nothing.
 */
export function pictureSource(
  frame: PreviewFrame,
  digest: Buffer,
  look: { black: boolean; still: boolean },
  files: { fontFile: string; textFile: string },
): string {
  const { width, height, seconds } = frame;
  if (look.black) return `color=c=black:s=${width}x${height}:r=${FRAME_RATE}:d=${seconds},format=yuv420p`;
  const portrait = height > width;
  const px = scaledPixels(frame);
  const font = quoted(files.fontFile);
  return [
    `color=c=black:s=${portrait ? '36x64' : '64x36'}:r=${PICTURES_PER_SECOND}:d=${seconds},format=gbrp,${gradient(digest, look.still)}`,
    `,scale=${width}:${height}:flags=bicubic`,
    `,drawtext=fontfile=${font}:textfile=${quoted(files.textFile)}:expansion=none:fontcolor=white`,
    `:fontsize=${px(portrait ? 36 : 40)}:line_spacing=${px(10)}:box=1:boxcolor=black@0.45:boxborderw=${px(24)}`,
    ':x=(w-text_w)/2:y=(h-text_h)/2',
    `,drawtext=fontfile=${font}:text='prévia local · Cena':expansion=none:fontcolor=white@0.9`,
    `:fontsize=${px(28)}:box=1:boxcolor=black@0.6:boxborderw=${px(12)}:x=${px(32)}:y=${px(32)}`,
    ',format=yuv420p',
  ].join('');
}

/** A tone seeded from the prompt; faded in and out unless it is to run on into what it is joined to. */
export function toneSource(
  { seconds }: PreviewFrame,
  digest: Buffer,
  { silent, fades }: { silent: boolean; fades: boolean },
): string {
  const tone = 180 + (digest.readUInt16BE(12) % 260);
  const fading = fades ? `,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.7}:d=0.7` : '';
  return `sine=f=${tone}:d=${seconds}:r=44100,volume=${silent ? 0 : 0.25}${fading}`;
}

/**
 * Inputs 0 and 1 are the picture and the tone; every image follows as one still frame, decoded and scaled once:
 * overlay's default eof_action (repeat) keeps it on screen for the rest of the picture, which alone sets the
 * length. (A looped image input would decode and scale the file again for every frame.)
 */
function overlayMapping(frame: PreviewFrame, images: PreviewImage[]): string[] {
  const { width, height, seconds } = frame;
  const px = scaledPixels(frame);
  const thumb = Math.round(height / 6);
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
  return graph.length > 0
    ? ['-filter_complex', `${graph.join(';')};[${last}]format=yuv420p[v]`, '-map', '[v]', '-map', '1:a']
    : ['-map', '0:v', '-map', '1:a'];
}

/** The whole ffmpeg command line, writing an MP4 (H.264 and AAC) to `output`. */
export function previewRenderArgs(frame: PreviewFrame, sources: PreviewSources, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', sources.video, '-f', 'lavfi', '-i', sources.audio],
    ...sources.images.flatMap((image) => ['-i', image.file]),
    ...overlayMapping(frame, sources.images),
    ...['-t', String(frame.seconds), '-r', String(FRAME_RATE), '-c:v', 'libx264'],
    // A preview is about the wait, not the bitrate: the fastest preset and a coarser quality keep a 1080p render to
    // about a second of CPU, and a smooth gradient under large text loses nothing visible.
    ...['-preset', 'ultrafast', '-crf', '28', '-c:a', 'aac', '-b:a', '96k'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}
