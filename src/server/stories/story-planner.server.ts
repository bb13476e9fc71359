import { z } from 'zod';
import type { Config } from '#server/config.server';
import { GeminiClient } from '#server/gemini/gemini.server';
import { STRUCTURED_PROMPT_RULES } from '#server/generation/generation.server';
import type { Logger } from '#server/logger.server';
import {
  STORY_JOINS,
  STORY_LINE_MAX_LENGTH,
  STORY_SHOT_FIELD_MAX_LENGTH,
  STORY_SHOT_PROMPT_MAX_LENGTH,
  STORY_SPEAKER_MAX_LENGTH,
} from '#shared/stories';
import { type PlanInput, type PlannedShot, planByRules, shotLengths } from './story-rules.server';

/**
 * Writing a story's plan (ADR 0062). With a Gemini key, the prompt writer's text model (PROMPT_MODEL) plans the
 * shot list as structured output: `generateContent` with `responseMimeType: application/json` and a
 * `responseJsonSchema` (https://ai.google.dev/gemini-api/docs/structured-output, as ask-about-video.server.ts
 * sends it), the answer checked again with zod, its lengths and cast held to what the models take and the user
 * owns. Any error, timeout or unusable answer falls back to the rules (story-rules.server.ts), which also plan
 * every story without a key; `by` records who wrote it.
 */

export type StoryPlanner = (
  input: PlanInput & { tone?: string | undefined },
  signal?: AbortSignal,
) => Promise<{ shots: PlannedShot[]; by: string }>;

const RULES_PLANNER: StoryPlanner = async (input) => ({
  shots: planByRules(input),
  by: STRUCTURED_PROMPT_RULES,
});

const answerSchema = z.object({
  shots: z
    .array(
      z.object({
        prompt: z.string().trim().min(1).max(STORY_SHOT_PROMPT_MAX_LENGTH),
        camera: z.string().trim().max(STORY_SHOT_FIELD_MAX_LENGTH),
        setting: z.string().trim().max(STORY_SHOT_FIELD_MAX_LENGTH),
        seconds: z.number(),
        cast: z.array(z.string()),
        speaker: z.string().trim().max(STORY_SPEAKER_MAX_LENGTH),
        line: z.string().trim().max(STORY_LINE_MAX_LENGTH),
        join: z.enum(STORY_JOINS),
      }),
    )
    .min(1),
});

function instructions(input: PlanInput & { tone?: string | undefined }): string {
  const cast = input.cast.map((member) => `- ${member.name} (${member.kind})`).join('\n') || '- (none)';
  return `You plan a short video story as a list of shots for a video model. Write in Brazilian Portuguese.
The whole story lasts about ${input.targetSeconds} seconds; each shot lasts one of ${input.lengths.join(', ')} seconds;
use at most ${input.maxShots} shots.${input.tone ? ` Tone: ${input.tone}.` : ''}
For each shot: prompt (what happens, the action), camera (framing and camera movement), setting (where and when),
cast (the names, from the cast below, of who or what appears), speaker and line (one short spoken line in pt-BR and
who says it, or both empty), join ("cut", or "continue" to open on the previous shot's last frame).
Do not invent brands or on-screen text the idea does not ask for.
Cast:
${cast}

Idea:
`;
}

const shotsJsonSchema = {
  type: 'object',
  properties: {
    shots: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          prompt: { type: 'string' },
          camera: { type: 'string' },
          setting: { type: 'string' },
          seconds: { type: 'integer' },
          cast: { type: 'array', items: { type: 'string' } },
          speaker: { type: 'string' },
          line: { type: 'string' },
          join: { type: 'string', enum: [...STORY_JOINS] },
        },
        required: ['prompt', 'camera', 'setting', 'seconds', 'cast', 'speaker', 'line', 'join'],
      },
    },
  },
  required: ['shots'],
};

/** The model's answer held to the models' lengths, the user's cast and the references a shot takes. */
function fitted(answer: z.infer<typeof answerSchema>, input: PlanInput): PlannedShot[] {
  const shots = answer.shots.slice(0, input.maxShots);
  const lengths = shotLengths(shots.length, input.targetSeconds, input.lengths);
  const nearest = (seconds: number, fallback: number) =>
    input.lengths.includes(seconds) ? seconds : fallback;
  return shots.map((shot, index) => {
    let images = 0;
    const castIds = input.cast
      .filter((member) => shot.cast.some((name) => name.toLowerCase() === member.name.toLowerCase()))
      .filter((member) => {
        images += member.images;
        return images <= input.referencesPerShot;
      })
      .map((member) => member.id);
    return {
      prompt: shot.prompt,
      camera: shot.camera,
      setting: shot.setting,
      seconds: nearest(shot.seconds, lengths[index] ?? input.lengths[0] ?? 8),
      castIds,
      dialogue: shot.line && shot.speaker ? { speaker: shot.speaker, line: shot.line } : null,
      join: index === 0 ? 'cut' : shot.join,
    };
  });
}

export function createStoryPlanner(config: Config, logger: Logger, timeoutMs = 30_000): StoryPlanner {
  const gemini = config.video.gemini;
  if (!gemini.apiKey) return RULES_PLANNER;
  const client = new GeminiClient({ apiKey: gemini.apiKey, apiBase: gemini.apiBase });
  const model = gemini.promptModel;
  return async (input, signal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await client.sdk.models.generateContent({
        model,
        contents: `${instructions(input)}${input.idea}`,
        config: {
          responseMimeType: 'application/json',
          responseJsonSchema: shotsJsonSchema,
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          httpOptions: { timeout: timeoutMs },
        },
      });
      return { shots: fitted(answerSchema.parse(JSON.parse(response.text ?? '')), input), by: model };
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.warn(
        { err: error, model, variable: 'PROMPT_MODEL' },
        'the text model could not plan the story; the rules planned it',
      );
      return RULES_PLANNER(input);
    }
  };
}
