import type { z } from 'zod';
import type { GeminiClient } from './gemini-client.server';

/**
 * Asking a Gemini text model a question about a video, answered as JSON: what the captions' transcriber (ADR 0039)
 * and the take guarantee's subject judge both do, in one place.
 *
 * - Video understanding (https://ai.google.dev/gemini-api/docs/video-understanding): a video under 100 MB may go
 *   inline in `generateContent` as a part `{ inlineData: { mimeType: 'video/mp4', data: base64 } }`, before the
 *   text part when there is one video; larger files go through the Files API instead. Cena's videos are a few MB,
 *   so a video at the limit is refused here rather than sent to be refused.
 * - Structured output (https://ai.google.dev/gemini-api/docs/structured-output): `responseMimeType:
 *   application/json` with `responseJsonSchema` (type, properties, required, enum, minimum, maximum, description)
 *   makes the answer JSON following the schema. It is still parsed and checked with the caller's zod schema, since
 *   a schema guides the model but is not proof.
 *
 * Errors (HTTP, timeout, an answer that is not JSON or does not follow the schema) are thrown: each caller decides
 * what a failed question means (the captions job retries; the take is judged by its media checks alone).
 */

/** Past this the request would exceed what `generateContent` takes inline (see above). */
export const INLINE_VIDEO_LIMIT_BYTES = 100 * 1024 * 1024;

interface VideoQuestion<Answer> {
  /** A text model with video understanding (Cena's PROMPT_MODEL). */
  model: string;
  /** An MP4. */
  video: Buffer;
  /** The question, sent after the video. */
  question: string;
  /** The JSON Schema the model is asked to follow. */
  answerJsonSchema: Record<string, unknown>;
  /** The same shape, checked on the answer. */
  answerSchema: z.ZodType<Answer>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function askAboutVideo<Answer>(
  client: GeminiClient,
  asked: VideoQuestion<Answer>,
): Promise<Answer> {
  if (asked.video.length >= INLINE_VIDEO_LIMIT_BYTES) throw new Error('the video is over the inline limit');
  const timeout = AbortSignal.timeout(asked.timeoutMs);
  const response = await client.sdk.models.generateContent({
    model: asked.model,
    contents: [
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'video/mp4', data: asked.video.toString('base64') } },
          { text: asked.question },
        ],
      },
    ],
    config: {
      responseMimeType: 'application/json',
      responseJsonSchema: asked.answerJsonSchema,
      abortSignal: asked.signal ? AbortSignal.any([asked.signal, timeout]) : timeout,
      httpOptions: { timeout: asked.timeoutMs },
    },
  });
  return asked.answerSchema.parse(JSON.parse(response.text ?? ''));
}
