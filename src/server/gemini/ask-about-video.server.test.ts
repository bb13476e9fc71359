import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PROMPT_MODEL } from '#server/config/gemini.server';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { colourClip, mediaTools } from '#tests/support/media';
import { askAboutVideo, INLINE_VIDEO_LIMIT_BYTES } from './ask-about-video.server';
import { GeminiClient } from './gemini-client.server';

/**
 * One question about one video, against the Gemini fake (tests/support/fake-gemini.ts, written from Google's
 * video-understanding and structured-output guides): the video inline before the question, the answer JSON under
 * the caller's schema, and checked again on arrival.
 */

const VERDICT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    subjectPresent: { type: 'boolean' },
    actionPresent: { type: 'boolean' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reasons: { type: 'string' },
  },
  required: ['subjectPresent', 'actionPresent', 'confidence', 'reasons'],
};
const verdictSchema = z.object({
  subjectPresent: z.boolean(),
  actionPresent: z.boolean(),
  confidence: z.number(),
  reasons: z.string(),
});

let gemini: FakeGemini;
let client: GeminiClient;
let dir: string;
let video: Buffer;

beforeAll(async () => {
  gemini = await startFakeGemini({ tiny: true });
  client = new GeminiClient({
    apiKey: API_KEY,
    apiBase: gemini.base,
    retry: { attempts: 2, initialDelayMs: 5, maxDelayMs: 50 },
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-ask-video-'));
  const file = path.join(dir, 'clip.mp4');
  await colourClip(await mediaTools(30_000), file, { colour: 'teal', seconds: 1, size: '64x36' });
  video = await readFile(file);
});

afterEach(() => {
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
});

afterAll(async () => {
  await gemini?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ask = <Answer>(
  answerSchema: z.ZodType<Answer>,
  overrides: { video?: Buffer; answerJsonSchema?: Record<string, unknown>; signal?: AbortSignal } = {},
) =>
  askAboutVideo(client, {
    model: DEFAULT_PROMPT_MODEL,
    video,
    question: 'Is a lighthouse keeper in this video? [sem-acao]',
    answerJsonSchema: VERDICT_JSON_SCHEMA,
    answerSchema,
    timeoutMs: 10_000,
    ...overrides,
  });

describe('askAboutVideo', () => {
  it('sends the video inline, then the question, and answers the JSON the schema asked for', async () => {
    const before = gemini.videoJudgements.length;
    expect(await ask(verdictSchema)).toEqual({
      subjectPresent: true,
      actionPresent: false,
      confidence: 0.9,
      reasons: 'O assunto aparece, mas não faz a ação pedida.',
    });
    const asked = gemini.videoJudgements.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.bytes).toBe(video.length);
    expect(JSON.parse(asked[0]?.text ?? '')).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'video/mp4', data: '…' } },
          { text: 'Is a lighthouse keeper in this video? [sem-acao]' },
        ],
      },
    ]);
  });

  it("asks with the caller's schema: a schema with cues is answered as a transcript", async () => {
    const transcript = z.object({ hasSpeech: z.boolean(), cues: z.array(z.unknown()) });
    const before = gemini.transcriptions.length;
    const answer = await ask(transcript, {
      answerJsonSchema: {
        type: 'object',
        properties: { hasSpeech: { type: 'boolean' }, cues: { type: 'array' } },
        required: ['hasSpeech', 'cues'],
      },
    });
    expect(answer).toEqual({ hasSpeech: false, cues: [] });
    expect(gemini.transcriptions.length - before).toBe(1);
  });

  it("throws an answer that does not follow the caller's schema rather than returning it", async () => {
    await expect(ask(z.object({ verdict: z.string() }))).rejects.toThrow(z.ZodError);
  });

  it('refuses a video at the inline limit without sending it', async () => {
    const before = gemini.requests.length;
    await expect(ask(verdictSchema, { video: Buffer.alloc(INLINE_VIDEO_LIMIT_BYTES) })).rejects.toThrow(
      'the video is over the inline limit',
    );
    expect(gemini.requests.length).toBe(before);
  });

  it("ends with the caller's abort", async () => {
    const before = gemini.videoJudgements.length;
    await expect(ask(verdictSchema, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(gemini.videoJudgements.length).toBe(before);
  });
});
