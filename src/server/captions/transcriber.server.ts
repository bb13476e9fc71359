import { z } from 'zod';
import type { Config } from '#server/config.server';
import { askAboutVideo, GeminiClient } from '#server/gemini/gemini.server';
import type { Logger } from '#server/logger.server';
import { CAPTION_CUE_MAX_CHARS, CAPTION_MAX_CUES, type CaptionCue } from '#shared/captions';

/**
 * Who writes a video's cues (ADR 0039). With a Gemini key, the prompt writer's text model (PROMPT_MODEL, through
 * the same GeminiClient) watches and listens to the video, asked through the gemini room's `askAboutVideo` (the
 * video inline, a JSON answer following TRANSCRIPT_JSON_SCHEMA); without one, the local transcriber answers
 * stand-in cues so the whole path works on a fresh machine.
 *
 * The model samples the picture at 1 frame per second and hears the audio track in one-second pieces with their
 * timestamps, which is what lets it time each cue
 * (https://cloud.google.com/distributed-cloud/hosted/docs/latest/gdch/gemini/capabilities/video: 258 tokens a
 * frame, 32 a second of audio).
 */

type Transcript = { kind: 'speech'; cues: CaptionCue[]; by: string } | { kind: 'no_speech'; by: string };

interface VideoToTranscribe {
  bytes: Buffer;
  deliveredSeconds: number;
  hasAudio: boolean;
}

export type Transcriber = (video: VideoToTranscribe, signal?: AbortSignal) => Promise<Transcript>;

const TRANSCRIPT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    hasSpeech: {
      type: 'boolean',
      description:
        'Whether anyone speaks or sings words in the video. Music or sound effects alone are no speech.',
    },
    cues: {
      type: 'array',
      description: 'The speech as subtitles, in order; empty when there is no speech.',
      items: {
        type: 'object',
        properties: {
          start: {
            type: 'number',
            minimum: 0,
            description: 'When the words start, in seconds from the start.',
          },
          end: { type: 'number', minimum: 0, description: 'When they end, in seconds from the start.' },
          text: { type: 'string', description: 'The words said, in Brazilian Portuguese.' },
        },
        required: ['start', 'end', 'text'],
      },
    },
  },
  required: ['hasSpeech', 'cues'],
} as const;

const answerSchema = z.object({
  hasSpeech: z.boolean(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).max(CAPTION_MAX_CUES),
});

const INSTRUCTIONS = `Transcribe the speech of this video as subtitles in Brazilian Portuguese (pt-BR).
If the speech is in another language, translate it into Brazilian Portuguese. Write only words that are said or sung:
no descriptions of sounds, music or the picture. Each cue is what is said from its start to its end, in seconds from
the video's start, at most about ${Math.round(CAPTION_CUE_MAX_CHARS * 0.7)} characters and at most 6 seconds long.
If nobody speaks, answer hasSpeech false and no cues.`;

/** Splits a cue too long to read into parts of whole words, each given its share of the cue's time. */
function readableParts(cue: CaptionCue): CaptionCue[] {
  const limit = Math.round(CAPTION_CUE_MAX_CHARS * 0.7);
  if (cue.text.length <= limit) return [cue];
  const parts: string[] = [];
  let part = '';
  for (const word of cue.text.split(/\s+/)) {
    const next = part ? `${part} ${word}` : word;
    if (next.length > limit && part) {
      parts.push(part);
      part = word.slice(0, CAPTION_CUE_MAX_CHARS);
    } else part = next.slice(0, CAPTION_CUE_MAX_CHARS);
  }
  if (part) parts.push(part);
  const total = parts.reduce((sum, text) => sum + text.length, 0);
  let at = cue.start;
  return parts.map((text) => {
    const start = at;
    at += ((cue.end - cue.start) * text.length) / total;
    return { start: round(start), end: round(at), text };
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The model's cues made safe to show: inside the video, in order, non-empty, readable lengths. */
function cleanCues(cues: readonly CaptionCue[], deliveredSeconds: number): CaptionCue[] {
  return cues
    .map((cue) => ({
      start: round(Math.max(0, Math.min(cue.start, deliveredSeconds))),
      end: round(Math.max(0, Math.min(cue.end, deliveredSeconds))),
      text: cue.text.replace(/\s+/g, ' ').trim(),
    }))
    .filter((cue) => cue.text !== '' && cue.end > cue.start)
    .sort((a, b) => a.start - b.start)
    .flatMap(readableParts)
    .slice(0, CAPTION_MAX_CUES);
}

function createGeminiTranscriber(
  config: Config,
  logger: Logger,
  options: { timeoutMs?: number } = {},
): Transcriber | undefined {
  const gemini = config.video.gemini;
  if (!gemini.apiKey) return undefined;
  const client = new GeminiClient({ apiKey: gemini.apiKey, apiBase: gemini.apiBase });
  const model = gemini.promptModel;
  const timeoutMs = options.timeoutMs ?? 120_000;
  return async (video, signal) => {
    try {
      const answer = await askAboutVideo(client, {
        model,
        video: video.bytes,
        question: INSTRUCTIONS,
        answerJsonSchema: TRANSCRIPT_JSON_SCHEMA,
        answerSchema,
        timeoutMs,
        signal,
      });
      const cues = answer.hasSpeech ? cleanCues(answer.cues, video.deliveredSeconds) : [];
      return cues.length > 0 ? { kind: 'speech', cues, by: model } : { kind: 'no_speech', by: model };
    } catch (error) {
      // The job retries; the user sees a failure only once its retries are spent.
      logger.warn(
        { err: error, model, variable: 'PROMPT_MODEL' },
        'the text model could not transcribe the video',
      );
      throw error;
    }
  };
}

/** `transcribedBy` of the local transcriber's cues. */
const LOCAL_TRANSCRIBER = 'local';

/**
 * Local mode's stand-in (no Gemini key): a video without an audio track has no speech; any other gets one cue every
 * two seconds that says plainly it is a local sample, so the editor, the track and the burn-in can be tried.
 */
const localTranscriber: Transcriber = async (video) => {
  if (!video.hasAudio) return { kind: 'no_speech', by: LOCAL_TRANSCRIBER };
  const cues: CaptionCue[] = [];
  for (let start = 0; start < video.deliveredSeconds - 0.25; start += 2) {
    const end = Math.min(start + 2, video.deliveredSeconds);
    cues.push({ start, end: round(end), text: `Legenda local ${cues.length + 1}: corrija este texto` });
  }
  return cues.length > 0
    ? { kind: 'speech', cues, by: LOCAL_TRANSCRIBER }
    : { kind: 'no_speech', by: LOCAL_TRANSCRIBER };
};

/** The configured transcriber: Gemini's text model with a key, else the local one. */
export const createTranscriber = (config: Config, logger: Logger): Transcriber =>
  createGeminiTranscriber(config, logger) ?? localTranscriber;
