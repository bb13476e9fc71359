import { z } from 'zod';
import type { Config } from '#server/config.server';
import { askAboutVideo, GeminiClient } from '#server/gemini/gemini.server';
import type { Logger } from '#server/logger.server';

/**
 * The take guarantee's look at the picture: a Gemini text model with video understanding watches the delivered
 * video and answers, as JSON following VERDICT_JSON_SCHEMA, whether the prompt's main subject and action are in it
 * (asked through the gemini room's `askAboutVideo`, which cites the video-understanding and structured-output
 * guides). Any error, timeout or unusable answer is no verdict: the take is then judged by the media checks alone.
 */

export interface SubjectVerdict {
  subjectPresent: boolean;
  actionPresent: boolean;
  /** 0–1: how sure the model is of its answer. */
  confidence: number;
  /** The model's own words, kept for the admin panel and the logs. */
  reasons: string;
  model: string;
}

export type SubjectJudge = (
  video: Buffer,
  asked: { subject: string; action: string; prompt: string },
  signal?: AbortSignal,
) => Promise<SubjectVerdict | undefined>;

const VERDICT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    subjectPresent: {
      type: 'boolean',
      description: 'Whether the main subject described is clearly visible in the video.',
    },
    actionPresent: {
      type: 'boolean',
      description: 'Whether the subject performs the described action in the video.',
    },
    confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure you are, from 0 to 1.' },
    reasons: {
      type: 'string',
      description: 'One or two short sentences in Brazilian Portuguese explaining the answer.',
    },
  },
  required: ['subjectPresent', 'actionPresent', 'confidence', 'reasons'],
} as const;

const verdictSchema = z.object({
  subjectPresent: z.boolean(),
  actionPresent: z.boolean(),
  confidence: z.number().min(0).max(1),
  reasons: z.string().max(2000),
});

function instructions(asked: { subject: string; action: string; prompt: string }): string {
  return `You check a generated 8-second video against what the user asked for.
Main subject asked: ${asked.subject}
Action asked: ${asked.action}
The user's full description: ${asked.prompt}
Answer whether the main subject is clearly visible and whether it performs the action. Judge only presence, not
beauty or style. On-screen captions describing the scene do not count as the subject being present.`;
}

export function createSubjectJudge(
  config: Config,
  logger: Logger,
  options: { timeoutMs?: number } = {},
): SubjectJudge | undefined {
  const gemini = config.video.gemini;
  if (!gemini.apiKey || !config.video.takeCheck.model) return undefined;
  const client = new GeminiClient({ apiKey: gemini.apiKey, apiBase: gemini.apiBase });
  const model = gemini.promptModel;
  const timeoutMs = options.timeoutMs ?? 60_000;
  return async (video, asked, signal) => {
    try {
      const verdict = await askAboutVideo(client, {
        model,
        video,
        question: instructions(asked),
        answerJsonSchema: VERDICT_JSON_SCHEMA,
        answerSchema: verdictSchema,
        timeoutMs,
        signal,
      });
      return { ...verdict, model };
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.warn(
        { err: error, model, variable: 'PROMPT_MODEL' },
        'the text model could not judge the take; the media checks alone decide',
      );
      return undefined;
    }
  };
}
