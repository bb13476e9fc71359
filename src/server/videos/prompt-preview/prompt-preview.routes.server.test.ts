import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT_MODEL } from '#server/config.server';
import { balance } from '#server/credits/ledger-reads.server';
import {
  PROMPT_PREVIEW_RULES_NOTE,
  PROMPT_PREVIEWS_PER_HOUR,
  type PromptPreviewResponse,
} from '#shared/prompt-preview';
import type { VideoRequestView } from '#shared/video-request';
import type { TestApp } from '#tests/support/app';
import { FAKE_STRUCTURED_PROMPT } from '#tests/support/fake-gemini';
import { type GeminiApp, startGeminiApp, stopGeminiApp } from '#tests/support/gemini-app';
import type { SessionClient } from '#tests/support/session-client';
import { signedUpWithCredits } from '#tests/support/users';

/**
 * 'Ver prompt estruturado' end to end: POST /api/videos/prompt-preview (the text model — the fake Gemini API — or
 * the rules with a note), its limit, and POST /api/videos taking the edited prompt as the provider's.
 */

let app: TestApp;
let pool: pg.Pool;
let running: GeminiApp;

beforeAll(async () => {
  // Local renders (held for 10 minutes), with a Gemini key for the text model only.
  running = await startGeminiApp('cena-prompt-preview-', { LOCAL_RENDER_DELAY_MS: '600000' }, { tiny: true });
  ({ app, pool } = running);
});

afterAll(() => stopGeminiApp(running));

const user = (credits = 0) => signedUpWithCredits(app.url, pool, credits);

/** A multipart POST /api/videos as the browser sends it. */
async function postForm<T>(client: SessionClient, body: FormData): Promise<{ status: number; body: T }> {
  const response = await fetch(`${app.url}/api/videos`, {
    method: 'POST',
    body,
    headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
  });
  return { status: response.status, body: (await response.json()) as T };
}

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('POST /api/videos/prompt-preview', () => {
  it('answers the text model’s structured prompt; when the model fails, the rules’ with a pt-BR note', async () => {
    const { client } = await user();
    const written = await client.json<PromptPreviewResponse>('/api/videos/prompt-preview', {
      json: { prompt: 'Um faroleiro subindo a escada na tempestade' },
    });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({
      structuredPrompt: FAKE_STRUCTURED_PROMPT,
      builtBy: DEFAULT_PROMPT_MODEL,
      note: null,
      remaining: PROMPT_PREVIEWS_PER_HOUR - 1,
    });
    // An unusable answer from the model: the rule-based builder, said so.
    const fallback = await client.json<PromptPreviewResponse>('/api/videos/prompt-preview', {
      json: { prompt: 'Um drone sobrevoando a praia [badjson], câmera na mão se aproximando devagar' },
    });
    expect(fallback.status).toBe(200);
    expect(fallback.body.builtBy).toBe('rules');
    expect(fallback.body.note).toBe(PROMPT_PREVIEW_RULES_NOTE);
    // The user's own words, split, not paraphrased.
    expect(fallback.body.structuredPrompt).toMatchObject({
      subject: 'Um drone',
      action: 'sobrevoando a praia [badjson]',
      camera: 'câmera na mão se aproximando devagar',
    });
    expect(fallback.body.remaining).toBe(PROMPT_PREVIEWS_PER_HOUR - 2);
  });

  it('refuses bad input with 4xx pt-BR errors, and anyone signed out', async () => {
    const { client } = await user();
    const short = await client.json<ErrorBody>('/api/videos/prompt-preview', { json: { prompt: 'curto' } });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('invalid_request');
    const extra = await client.json<ErrorBody>('/api/videos/prompt-preview', {
      json: { prompt: 'Um gato dormindo na janela', quality: 'fast' },
    });
    expect(extra.status).toBe(400);
    const notJson = await client.fetch('/api/videos/prompt-preview', {
      method: 'POST',
      body: 'prompt=Um gato dormindo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    const signedOut = await fetch(`${app.url}/api/videos/prompt-preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ prompt: 'Um gato dormindo na janela' }),
    });
    expect(signedOut.status).toBe(401);
  });

  it(`is free and limited to ${PROMPT_PREVIEWS_PER_HOUR} an hour per user: then 429 with Retry-After`, async () => {
    const { client, userId } = await user(100);
    const before = await balance(pool, userId);
    for (let index = 0; index < PROMPT_PREVIEWS_PER_HOUR; index += 1) {
      const answer = await client.json('/api/videos/prompt-preview', {
        json: { prompt: `Um barco navegando no mar número ${index}` },
      });
      expect(answer.status).toBe(200);
    }
    const limited = await client.fetch('/api/videos/prompt-preview', {
      json: { prompt: 'Um barco navegando no mar de novo' },
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = (await limited.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: 'rate_limited',
      message: `Você já viu ${PROMPT_PREVIEWS_PER_HOUR} prévias de prompt nesta hora. Tente de novo em 60 minutos.`,
    });
    // Free: nothing held or spent; another user is not limited.
    expect(await balance(pool, userId)).toEqual(before);
    const other = await user();
    expect(
      (
        await other.client.json('/api/videos/prompt-preview', {
          json: { prompt: 'Um barco navegando no mar' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/videos with the edited structured prompt', () => {
  const form = (structuredPrompt: string | undefined) => {
    const body = new FormData();
    body.append('prompt', 'Um faroleiro subindo a escada na tempestade');
    body.append('quality', 'fast');
    body.append('aspectRatio', '16:9');
    body.append('clientKey', randomUUID());
    if (structuredPrompt !== undefined) body.append('structuredPrompt', structuredPrompt);
    return body;
  };

  it('stores the edited prompt as the provider’s, marked as the user’s, and shows it in the request', async () => {
    const { client } = await user(100);
    const edited = { ...FAKE_STRUCTURED_PROMPT, camera: 'plano geral fixo, câmera no tripé' };
    const created = await postForm<{ request: VideoRequestView }>(client, form(JSON.stringify(edited)));
    expect(created.status).toBe(201);
    expect(created.body.request.structuredPrompt).toEqual({ ...edited, builtBy: 'user' });
    expect(created.body.request.takeChecks).toEqual([]);
    const read = await client.json<{ request: VideoRequestView }>(`/api/videos/${created.body.request.id}`);
    expect(read.body.request.structuredPrompt?.camera).toBe('plano geral fixo, câmera no tripé');
  });

  it('refuses an invalid structured prompt with fields.structuredPrompt, before any hold', async () => {
    const { client, userId } = await user(100);
    const before = await balance(pool, userId);
    const cases = [
      'not json',
      JSON.stringify({ ...FAKE_STRUCTURED_PROMPT, camera: '' }),
      JSON.stringify({ ...FAKE_STRUCTURED_PROMPT, extra: 'x' }),
      JSON.stringify({ ...FAKE_STRUCTURED_PROMPT, camera: 'x'.repeat(601) }),
      JSON.stringify({ subject: 'só o assunto' }),
    ];
    for (const structured of cases) {
      const answer = await postForm<ErrorBody>(client, form(structured));
      expect(answer.status, structured).toBe(400);
      expect(answer.body.error.fields?.structuredPrompt).toBe(
        'Prompt estruturado inválido. Gere a prévia de novo.',
      );
    }
    expect(await balance(pool, userId)).toEqual(before);
  });
});
