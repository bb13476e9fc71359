import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { filterPath, type MediaTools, runTool } from '#server/media/media.server';
import { wrap } from '#server/video-providers/video-providers.server';
import type { CaptionCue } from '#shared/captions';

/**
 * Burns cues into the picture with ffmpeg's drawtext (the media toolchain's ffmpeg and its DejaVu Sans, passed as
 * `fontfile=` as the local preview does), for feeds that ignore subtitle tracks. Readable at 9:16 and 16:9 alike:
 * - the type is sized on the frame's short side (6 %: 43 px at 720p landscape, 65 px on a 1080×1920 phone frame), so
 *   a line holds about as many words either way, and lines wrap to 90 % of the width (drawtext does not wrap);
 * - white letters with a dark outline on a translucent black box, legible over any picture;
 * - above the bottom safe margin: 8 % of the height in landscape, 20 % in portrait, where Reels, TikTok and Shorts
 *   lay their own captions and buttons over the video.
 * Each line is its own drawtext, centred, shown only between its cue's times. The sound is copied as it is.
 */

interface BurnFrame {
  width: number;
  height: number;
}

interface BurnLayout {
  fontSize: number;
  charsPerLine: number;
  lineHeight: number;
  /** Pixels from the frame's bottom to the last line's bottom. */
  bottomMargin: number;
}

/** DejaVu Sans averages about 0.55 em per character of Portuguese text. */
const AVERAGE_CHAR_EM = 0.55;
const MAX_LINES = 3;

export function burnLayout({ width, height }: BurnFrame): BurnLayout {
  const portrait = height > width;
  const fontSize = Math.max(12, Math.round(Math.min(width, height) * 0.06));
  return {
    fontSize,
    charsPerLine: Math.max(8, Math.floor((width * 0.9) / (fontSize * AVERAGE_CHAR_EM))),
    lineHeight: Math.round(fontSize * 1.5),
    bottomMargin: Math.round(height * (portrait ? 0.2 : 0.08)),
  };
}

interface LineFile {
  file: string;
  start: number;
  end: number;
  /** 0 for the bottom line, counting up. */
  fromBottom: number;
}

/** Writes one text file per line of each cue (drawtext reads them, so no text is ever escaped into the graph). */
async function lineFiles(cues: readonly CaptionCue[], layout: BurnLayout, dir: string): Promise<LineFile[]> {
  const files: LineFile[] = [];
  for (const [index, cue] of cues.entries()) {
    const lines = wrap(cue.text, layout.charsPerLine, MAX_LINES).split('\n');
    for (const [at, line] of lines.entries()) {
      const file = path.join(dir, `cue-${index}-${at}.txt`);
      await writeFile(file, line, 'utf8');
      files.push({ file, start: cue.start, end: cue.end, fromBottom: lines.length - 1 - at });
    }
  }
  return files;
}

function burnFilter(lines: readonly LineFile[], layout: BurnLayout, fontFile: string): string {
  const { fontSize, lineHeight, bottomMargin } = layout;
  const outline = Math.max(1, Math.round(fontSize / 16));
  const padding = Math.round(fontSize / 4);
  const filters = lines.map((line) =>
    [
      `drawtext=fontfile=${filterPath(fontFile)}:textfile=${filterPath(line.file)}:expansion=none`,
      `fontsize=${fontSize}:fontcolor=white:borderw=${outline}:bordercolor=black@0.9`,
      `box=1:boxcolor=black@0.55:boxborderw=${padding}`,
      'x=(w-text_w)/2',
      `y=h-${bottomMargin + (line.fromBottom + 1) * lineHeight}+${lineHeight - fontSize}`,
      `enable='between(t,${line.start.toFixed(3)},${line.end.toFixed(3)})'`,
    ].join(':'),
  );
  return filters.length > 0 ? filters.join(',') : 'null';
}

export async function burnCaptions(
  input: { file: string; frame: BurnFrame; cues: readonly CaptionCue[] },
  output: string,
  workDir: string,
  tools: MediaTools & { fontFile: string },
  signal?: AbortSignal,
): Promise<void> {
  const layout = burnLayout(input.frame);
  const lines = await lineFiles(input.cues, layout, workDir);
  const filterFile = path.join(workDir, 'captions.filter');
  // A long film's graph is long: read from a file rather than passed as one argument.
  await writeFile(filterFile, burnFilter(lines, layout, tools.fontFile), 'utf8');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input.file],
      ...['-filter_script:v', filterFile, '-map', '0:v:0', '-map', '0:a?'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'copy', '-movflags', '+faststart', output],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}
