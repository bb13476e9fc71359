import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { grantRole } from '#server/accounts/roles.server';
import { environmentCheck } from '#server/admin/environment-check.server';
import { loadConfig } from '#server/config.server';
import { grant } from '#server/credits/ledger-grants.server';
import { balance } from '#server/credits/ledger-reads.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { createPromptWriter } from '#server/generation/prompt-writer.server';
import type { Logger } from '#server/logger.server';
import type { EnvironmentCheck } from '#shared/admin';
import { VIDEO_UNAVAILABLE_MESSAGE } from '#shared/video-request';
import { signUpAndVerify } from '#tests/support/accounts';
import { startTestApp, type TestApp } from '#tests/support/app';
import { testPool } from '#tests/support/database';
import { API_KEY, type FakeGemini, startFakeGemini } from '#tests/support/fake-gemini';
import { GeminiModelAvailability } from './model-availability.server';

let gemini: FakeGemini;

beforeAll(async () => {
  gemini = await startFakeGemini({ tiny: true });
});

afterAll(async () => {
  await gemini?.stop();
});

function spyLogger() {
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  return { logger, asLogger: logger as unknown as Logger };
}

function availability(env: Record<string, string>, logger: Logger) {
  const config = loadConfig({
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
    ...env,
  });
  const client = new GeminiClient({
    apiKey: API_KEY,
    apiBase: gemini.base,
    retry: { attempts: 2, initialDelayMs: 5, maxDelayMs: 10 },
  });
  return new GeminiModelAvailability(config.video.gemini, () => client.listModels(), logger);
}

describe('the model check (GET /models, paged)', () => {
  it('a retired id: an error naming the variable and the video ids that exist; the other mode stays open', async () => {
    const { logger, asLogger } = spyLogger();
    const check = availability({ VIDEO_MODEL_FAST: 'veo-3.0-fast-generate-001' }, asLogger);
    // Before any check nothing is refused.
    expect(check.modes()).toEqual({ draft: true, fast: true, quality: true });
    const modes = await check.check();
    expect(modes.map(({ quality, available, reason }) => ({ quality, available, reason }))).toEqual([
      { quality: 'fast', available: false, reason: 'not_listed' },
      { quality: 'quality', available: true, reason: 'listed' },
    ]);
    expect(check.modes()).toEqual({ draft: false, fast: false, quality: true });
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [fields, message] = logger.error.mock.calls[0] as [Record<string, unknown>, string];
    expect(fields).toMatchObject({
      variable: 'VIDEO_MODEL_FAST',
      model: 'veo-3.0-fast-generate-001',
      availableVideoModels: ['gemini-omni-1.2-flash', 'gemini-omni-1.1-flash'],
    });
    expect(message).toContain('VIDEO_MODEL_FAST=veo-3.0-fast-generate-001');
    expect(message).toContain('gemini-omni-1.2-flash, gemini-omni-1.1-flash');
    // The list has five models and the fake pages by three: both pages were read.
    expect(
      gemini.requests.filter((request) => request.path === '/v1beta/models').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('the old variable name is the one named; a later successful check lifts the refusal', async () => {
    const { logger, asLogger } = spyLogger();
    const check = availability({ VEO_MODEL_QUALITY: 'veo-3.1-generate-preview' }, asLogger);
    await check.check();
    expect(check.modes()).toEqual({ draft: true, fast: true, quality: false });
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ variable: 'VEO_MODEL_QUALITY' });

    // Listed without predictLongRunning is still not usable for a Veo id.
    gemini.models.push({ id: 'veo-3.1-generate-preview', methods: ['generateContent'] });
    expect((await check.check())[1]).toMatchObject({ available: false, reason: 'no_predict_long_running' });

    gemini.models.splice(-1, 1, { id: 'veo-3.1-generate-preview', methods: ['predictLongRunning'] });
    await check.check();
    expect(check.modes()).toEqual({ draft: true, fast: true, quality: true });
    expect(logger.info).toHaveBeenCalledWith(
      expect.objectContaining({ variable: 'VEO_MODEL_QUALITY' }),
      expect.stringContaining('served again'),
    );
    gemini.models.pop();
  });

  it('an unreadable model list keeps the last answer (no new refusal, no lifted one)', async () => {
    const { asLogger } = spyLogger();
    const check = new GeminiModelAvailability(
      loadConfig({ VIDEO_PROVIDER: 'gemini', GEMINI_API_KEY: API_KEY, VIDEO_MODEL_FAST: 'gemini-omni-0.9' })
        .video.gemini,
      async () => {
        throw new Error('network down');
      },
      asLogger,
    );
    expect((await check.check()).map((mode) => mode.reason)).toEqual(['list_unreadable', 'list_unreadable']);
    expect(check.modes()).toEqual({ draft: true, fast: true, quality: true });
  });

  it('a PROMPT_MODEL Google does not serve is noticed once: the writer goes straight to the rules, the admin check shows it red', async () => {
    const { logger, asLogger } = spyLogger();
    const env = { PROMPT_MODEL: 'gemini-0.1-flash' };
    const check = availability(env, asLogger);
    const config = loadConfig({
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: gemini.base,
      ...env,
    });
    const write = createPromptWriter(config, asLogger, { served: () => check.promptModelServed() });
    // Not checked yet: the text model is tried.
    expect(check.promptModelServed()).toBe(true);
    await check.check();
    await check.check();
    expect(check.promptModelServed()).toBe(false);
    const warnings = logger.warn.mock.calls.filter(([fields]) => fields?.variable === 'PROMPT_MODEL');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[1]).toContain('PROMPT_MODEL=gemini-0.1-flash is not listed');

    const calls = gemini.requests.length;
    const prompts = await Promise.all([write('Um barco no lago'), write('Um trem na neve')]);
    expect(prompts.map((prompt) => prompt.builtBy)).toEqual(['rules', 'rules']);
    // Nothing was asked of Google (no wait for an answer that cannot come), and nothing more was logged.
    expect(gemini.requests.length).toBe(calls);
    expect(logger.warn.mock.calls.filter(([fields]) => fields?.variable === 'PROMPT_MODEL')).toHaveLength(1);

    const pool = { query: async () => ({ rows: [] }) } as unknown as pg.Pool;
    const environment = await environmentCheck(config, pool, check);
    expect(environment.promptModel).toEqual({
      variable: 'PROMPT_MODEL',
      model: 'gemini-0.1-flash',
      available: false,
      reason: 'not_listed',
    });
  });
});

describe('creates of a mode whose model is not served', () => {
  let app: TestApp;
  let pool: pg.Pool;

  beforeAll(async () => {
    // Generations never finish here: this file looks at holds and refusals, not at videos.
    gemini.pollsUntilDone = Number.MAX_SAFE_INTEGER;
    app = await startTestApp({
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: gemini.base,
      VIDEO_MODEL_FAST: 'veo-3.0-fast-generate-001',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    pool = testPool({ connectionString: app.databaseUrl, max: 2 });
  });

  afterAll(async () => {
    gemini.pollsUntilDone = 2;
    await pool?.end();
    await app?.stop();
  });

  async function post(client: Awaited<ReturnType<typeof signUpAndVerify>>['client'], quality: string) {
    const form = new FormData();
    form.append('prompt', 'Um veleiro cruzando a baía ao entardecer');
    form.append('quality', quality);
    form.append('aspectRatio', '16:9');
    form.append('seed', '');
    form.append('clientKey', randomUUID());
    const response = await fetch(`${app.url}/api/videos`, {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookieHeader, origin: app.url, 'x-forwarded-for': client.address },
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { code: string; message: string } },
    };
  }

  it('Fast answers 503 before any hold and sends nothing to Google; Quality still works; the admin check shows it red', async () => {
    const { client } = await signUpAndVerify(app.url);
    const userId = (await client.json<{ user: { id: string } }>('/api/me')).body.user.id;
    await grant(pool, {
      userId,
      amount: 100,
      source: 'adjustment',
      sourceRef: `test:${userId}`,
      expiresAt: null,
    });

    // The web process checked the models at start.
    let modes: { fast: boolean; quality: boolean } | undefined;
    for (let i = 0; i < 50 && modes?.fast !== false; i += 1) {
      modes = (await client.json<{ modes: { fast: boolean; quality: boolean } }>('/api/videos/availability'))
        .body.modes;
      if (modes.fast !== false) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(modes).toEqual({ draft: false, fast: false, quality: true });

    const createsBefore = gemini.submitBodies.length;
    const refused = await post(client, 'fast');
    expect(refused).toEqual({
      status: 503,
      body: {
        error: expect.objectContaining({ code: 'video_unavailable', message: VIDEO_UNAVAILABLE_MESSAGE }),
      },
    });
    expect(await balance(pool, userId)).toBe(100);
    const holds = await pool.query('SELECT count(*)::int AS count FROM credit_holds WHERE user_id = $1', [
      userId,
    ]);
    expect(holds.rows[0]?.count).toBe(0);
    const rows = await pool.query('SELECT count(*)::int AS count FROM video_requests WHERE user_id = $1', [
      userId,
    ]);
    expect(rows.rows[0]?.count).toBe(0);

    const accepted = await post(client, 'quality');
    expect(accepted.status).toBe(201);
    expect(await balance(pool, userId)).toBe(75);
    // Only the Quality request reached Google.
    await vi.waitFor(() => expect(gemini.submitBodies.length).toBe(createsBefore + 1), { timeout: 10_000 });
    expect(gemini.submitBodies.at(-1)).toMatchObject({ model: 'gemini-omni-1.1-flash' });

    await grantRole(pool, userId, 'admin');
    const { status, body } = await client.json<EnvironmentCheck>('/api/admin/environment', { json: {} });
    expect(status).toBe(200);
    expect(body.hasVideoProvider).toBe(false);
    expect(body.videoModels).toEqual([
      {
        quality: 'fast',
        variable: 'VIDEO_MODEL_FAST',
        model: 'veo-3.0-fast-generate-001',
        available: false,
        reason: 'not_listed',
      },
      {
        quality: 'quality',
        variable: 'VIDEO_MODEL_QUALITY',
        model: 'gemini-omni-1.1-flash',
        available: true,
        reason: 'listed',
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
    expect(gemini.keyInUrl).toEqual([]);
  }, 60_000);
});
