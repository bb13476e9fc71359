import { Type } from '@google/genai';
import { z } from 'zod';
import type { Config } from '#server/config.server';
import { GeminiClient } from '#server/gemini/gemini.server';
import type { Logger } from '#server/logger.server';
import type { StructuredPrompt } from '#shared/video-request';
import { buildStructuredPrompt } from './structured-prompt.server';

/**
 * Smart processing of the prompt (design §5): with a key, a Gemini text model (PROMPT_MODEL) reads the user's
 * words and writes the structured JSON prompt through `generateContent` with a JSON response schema
 * (https://ai.google.dev/gemini-api/docs/structured-output). It runs in the worker, after the credits are held,
 * with a short timeout; any error, timeout, unusable answer or missing model falls back to the rule-based
 * builder, and `builtBy` records which one wrote the prompt. Sampling parameters are not sent: the 3.6+ Flash
 * models deprecated them (changelog, 2026-07-21).
 */

export type PromptWriter = (prompt: string, signal?: AbortSignal) => Promise<StructuredPrompt>;

const FIELDS = ['subject', 'action', 'scene', 'camera', 'lighting', 'style', 'audio', 'negative'] as const;

const answerSchema = z.object(
  Object.fromEntries(
    FIELDS.map((field) => [
      field,
      field === 'negative' ? z.string().max(600) : z.string().trim().min(1).max(600),
    ]),
  ) as Record<(typeof FIELDS)[number], z.ZodString>,
);

const INSTRUCTIONS = `You turn a user's description of a short video clip (3 to 15 seconds) into a structured prompt for a video model.
Answer with the fields of the schema only. Keep the user's language (Portuguese or English).
subject: who or what the video is about, in a few words. action: what the subject does during the clip.
scene: where and when. camera: shot type and camera movement. lighting: the light and its mood.
style: the visual style. audio: sounds, music or dialogue to hear. negative: what must not appear
(always include text overlays and watermarks). Do not invent people, brands or text the user did not ask for.

User's description:
`;

export const RULES_WRITER: PromptWriter = async (prompt) => buildStructuredPrompt(prompt);

export function createPromptWriter(
  config: Config,
  logger: Logger,
  options: {
    timeoutMs?: number;
    /** The model check's answer: false when PROMPT_MODEL is not served, so no request waits on it. */
    served?: () => boolean;
  } = {},
): PromptWriter {
  const gemini = config.video.gemini;
  if (!gemini.apiKey) return RULES_WRITER;
  const client = new GeminiClient({ apiKey: gemini.apiKey, apiBase: gemini.apiBase });
  const timeoutMs = options.timeoutMs ?? 20_000;
  const model = gemini.promptModel;

  return async (prompt, signal) => {
    // Noticed once by the model check (and logged there), not by a timeout per request.
    if (options.served?.() === false) return buildStructuredPrompt(prompt);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await client.sdk.models.generateContent({
        model,
        contents: `${INSTRUCTIONS}${prompt}`,
        config: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: Type.OBJECT,
            properties: Object.fromEntries(FIELDS.map((field) => [field, { type: Type.STRING }])),
            required: [...FIELDS],
          },
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          httpOptions: { timeout: timeoutMs },
        },
      });
      const answer = answerSchema.parse(JSON.parse(response.text ?? ''));
      return { ...answer, builtBy: model };
    } catch (error) {
      if (signal?.aborted) throw error;
      // A missing or retired text model only costs the smarter prompt: never a refusal (docs/features/video-generation.md).
      logger.warn(
        { err: error, model, variable: 'PROMPT_MODEL' },
        'the text model could not write the structured prompt; the rule-based builder wrote it',
      );
      return buildStructuredPrompt(prompt);
    }
  };
}
