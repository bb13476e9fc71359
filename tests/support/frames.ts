import { readFile } from 'node:fs/promises';
import { type MediaTools, runTool } from '#server/media/ffmpeg.server';

/** One frame of a video at `seconds`, as 8-bit grey pixels row by row (width × height bytes). */
export async function greyFrame(
  tools: MediaTools,
  file: string,
  seconds: number,
  { width, height }: { width: number; height: number },
): Promise<Buffer> {
  const out = `${file}.${seconds}.gray`;
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(seconds), '-i', file],
      ...['-frames:v', '1', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'gray', out],
    ],
    { timeoutMs: tools.timeoutMs },
  );
  return readFile(out);
}

/** Mean absolute difference of two grey frames over the rows [fromRow, toRow). */
export function rowsDifference(a: Buffer, b: Buffer, width: number, fromRow: number, toRow: number): number {
  let sum = 0;
  for (let i = fromRow * width; i < toRow * width; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / ((toRow - fromRow) * width);
}
