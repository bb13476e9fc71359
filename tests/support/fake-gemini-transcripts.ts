import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';

/**
 * The fake text model's transcription of a video (fake-gemini.ts answers it when a `generateContent` with an inline
 * video asks, by its JSON schema, for `cues`). Video understanding
 * (https://ai.google.dev/gemini-api/docs/video-understanding) hears the audio track with its timestamps; the fake
 * cannot hear, so a test scripts what a video says in the MP4's `comment` tag: `fala:` then the sentences, separated
 * by `|` (`-metadata comment="fala:Olá, pessoal!|Bem-vindos"`), each spoken in turn over the video's length. A video
 * without the tag has no speech, and the answer follows the schema Cena sent: `{ hasSpeech: false, cues: [] }`.
 */

const run = promisify(execFile);

export const SPEECH_TAG = 'fala:';

/** Whether a request's response schema asks for cues (the captions' transcription, not the take's verdict). */
export function asksForCues(generationConfig: Record<string, unknown>): boolean {
  const schema = generationConfig.responseJsonSchema ?? generationConfig.responseSchema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof properties === 'object' && properties !== null && 'cues' in properties;
}

export async function transcriptFor(video: Buffer, dir: string) {
  const file = path.join(dir, `transcribe-${randomUUID()}.mp4`);
  await writeFile(file, video);
  try {
    const { stdout } = await run((await mediaToolchainFromEnv()).ffprobe.path, [
      ...['-v', 'error', '-print_format', 'json', '-show_format', file],
    ]);
    const format = (JSON.parse(stdout) as { format?: { duration?: string; tags?: Record<string, string> } })
      .format;
    const duration = Number(format?.duration ?? 0);
    const comment = format?.tags?.comment ?? '';
    if (!comment.startsWith(SPEECH_TAG)) return { hasSpeech: false, cues: [] };
    const sentences = comment.slice(SPEECH_TAG.length).split('|').filter(Boolean);
    const share = duration / sentences.length;
    return {
      hasSpeech: true,
      cues: sentences.map((text, index) => ({
        start: Math.round(index * share * 100) / 100,
        end: Math.round((index + 1) * share * 100) / 100,
        text,
      })),
    };
  } finally {
    await rm(file, { force: true });
  }
}
