import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { filterPath, type MediaTools, runTool } from './ffmpeg.server';

/**
 * The trial mark (ADR 0044): a video paid, wholly or partly, with trial credits is delivered with a small
 * "Feito com Cena · teste grátis" in its top-left corner when the operator turns TRIAL_WATERMARK on. Drawn as the
 * burned-in captions are (src/server/captions/burn-in.server.ts): ffmpeg's drawtext with the media toolchain's
 * DejaVu Sans as `fontfile=`, the text read from a file, the sound copied as it is.
 * - The type is sized on the frame's short side (3.2 %: 23 px at 720p landscape, 35 px on a 1080×1920 phone frame),
 *   so the mark takes about the same share of the picture at 9:16 and 16:9 and stays readable on a phone.
 * - Top-left, clear of the bottom and right edges where Reels, TikTok and Shorts lay their captions and buttons; in
 *   portrait below the top 7 %, where those feeds draw their own header.
 * - White at 85 % on a faint dark box, readable over any picture without covering it.
 */

const TRIAL_MARK_TEXT = 'Feito com Cena · teste grátis';

interface MarkFrame {
  width: number;
  height: number;
}

export interface MarkLayout {
  fontSize: number;
  x: number;
  y: number;
  /** The box's padding around the text. */
  padding: number;
}

export function markLayout({ width, height }: MarkFrame): MarkLayout {
  const shortSide = Math.min(width, height);
  const fontSize = Math.max(10, Math.round(shortSide * 0.032));
  const margin = Math.round(shortSide * 0.04);
  return {
    fontSize,
    x: margin,
    y: height > width ? Math.ceil(height * 0.07) : margin,
    padding: Math.max(2, Math.round(fontSize / 3)),
  };
}

function markFilter(layout: MarkLayout, files: { fontFile: string; textFile: string }): string {
  return [
    `drawtext=fontfile=${filterPath(files.fontFile)}:textfile=${filterPath(files.textFile)}:expansion=none`,
    `fontsize=${layout.fontSize}:fontcolor=white@0.85:borderw=1:bordercolor=black@0.4`,
    `box=1:boxcolor=black@0.3:boxborderw=${layout.padding}`,
    `x=${layout.x + layout.padding}:y=${layout.y + layout.padding}`,
  ].join(':');
}

/** Writes `input` with the trial mark drawn over every frame to `output`. */
export async function drawTrialMark(
  input: { file: string; frame: MarkFrame },
  output: string,
  tools: MediaTools & { fontFile: string },
  signal?: AbortSignal,
): Promise<void> {
  const textFile = path.join(path.dirname(output), 'trial-mark.txt');
  await writeFile(textFile, TRIAL_MARK_TEXT, 'utf8');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input.file],
      ...['-vf', markFilter(markLayout(input.frame), { fontFile: tools.fontFile, textFile })],
      ...['-map', '0:v:0', '-map', '0:a?', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'copy', '-movflags', '+faststart', output],
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
}

/** A marked copy of `file`, written in its own folder under `workDir`. */
export async function markedCopy(
  file: string,
  frame: MarkFrame,
  workDir: string,
  tools: MediaTools & { fontFile: string },
  signal?: AbortSignal,
): Promise<string> {
  const output = path.join(await mkdtemp(path.join(workDir, 'marked-')), 'video.mp4');
  await drawTrialMark({ file, frame }, output, tools, signal);
  return output;
}
