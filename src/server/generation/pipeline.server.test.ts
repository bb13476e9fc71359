import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairQueue } from '#server/capacity/fair-queue.server';
import { ProviderBudget } from '#server/capacity/provider-budget.server';
import { loadConfig } from '#server/config.server';
import { audit } from '#server/credits/ledger-audit.server';
import { balance } from '#server/credits/ledger-reads.server';
import { type Jobs, startJobs } from '#server/jobs/job-engine.server';
import { QUEUES, send } from '#server/jobs/queues.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { createLogger } from '#server/logger.server';
import { runTool } from '#server/media/ffmpeg.server';
import { filmFormat } from '#server/media/film.server';
import { lastFrameKey, mediaKeys, probe } from '#server/media/rendering.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import { API_KEY, seedVideoRequest } from '#tests/support/fake-gemini';
import { jobHarness, OMNI, START_CREDITS } from '#tests/support/pipeline-job';
import {
  FAILURE_MESSAGES,
  failRequest,
  type PipelineDeps,
  runVideoGeneration,
} from './generate-video.job.server';
import { sharedCapacity } from './generation-capacity.server';
import { RULES_WRITER } from './prompt-writer.server';
import { signWebhookBody } from './webhook.job.server';
import { registerVideoWorkers } from './workers.server';

const logger = createLogger('silent');
const job = await jobHarness({ fakeGemini: { retryDelay: '0.3s' }, folderPrefix: 'cena-pipeline-' });
const { deps, newUser, row, tools } = job;
const provider = (models = { fast: OMNI, quality: OMNI }, apiKey = API_KEY) =>
  job.provider({ models, apiKey, maxDelayMs: 1_000 });
/** A client that gives up on a call after `attempts`: the pipeline's own persistence is what is tested. */
const impatientProvider = (attempts: number) => job.provider({ attempts, maxDelayMs: 10 });
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const execute = promisify(execFile);

async function keyframeTimes(file: string): Promise<number[]> {
  const { stdout } = await runTool(
    tools.ffprobePath,
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey'],
      ...['-show_entries', 'frame=best_effort_timestamp_time', '-of', 'csv=p=0', file],
    ],
    { timeoutMs: tools.timeoutMs },
  );
  return stdout
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter(Number.isFinite);
}

/** Stretches of black picture (ffmpeg's blackdetect, one frame or longer). */
async function blackStretches(file: string): Promise<number> {
  const { stderr } = await execute(tools.ffmpegPath, [
    ...[
      '-hide_banner',
      '-nostats',
      '-i',
      file,
      '-vf',
      'blackdetect=d=0.01:pix_th=0.10',
      '-an',
      '-f',
      'null',
      '-',
    ],
  ]);
  return stderr.split('black_start').length - 1;
}

/**
 * Tells the worker to stop while Google holds the create's answer back (the generation already started there), then
 * runs the request again: it must complete the generation the first run started, with one create in all.
 */
async function stopWhileGoogleAccepts(
  pipeline: PipelineDeps,
  quality: 'fast' | 'quality',
  operation: RegExp,
): Promise<void> {
  const userId = await newUser();
  const prompt = `Um farol aceso no instante em que o worker para (${quality})`;
  const request = await seedVideoRequest(job.pool, { userId, prompt, quality });
  job.gemini.createAnswerDelayMs = 400;
  const stopping = new AbortController();
  try {
    const run = runVideoGeneration(pipeline, request.id, { signal: stopping.signal });
    const until = Date.now() + 20_000;
    while (!job.gemini.submits.get(prompt) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    stopping.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  } finally {
    job.gemini.createAnswerDelayMs = 0;
  }
  expect((await row(request.id)).operation_name).toMatch(operation);
  expect(await runVideoGeneration(pipeline, request.id)).toBe('completed');
  expect(job.gemini.submits.get(prompt)).toBe(1);
  expect(await row(request.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
  expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
}

/** Failed with the provider's outcome unknown: refunded in full and recorded for reconciliation. */
async function expectRefundedForReconciliation(requestId: string, userId: string): Promise<void> {
  const failed = await row(requestId);
  expect(failed).toMatchObject({ hold_status: 'voided', error_message: FAILURE_MESSAGES.unknown });
  expect(failed.provider_outcome_unknown_at).toBeInstanceOf(Date);
  expect(await balance(job.pool, userId)).toBe(START_CREDITS);
}

async function entries(holdId: string): Promise<string[]> {
  const result = await job.pool.query<{ kind: string }>(
    'SELECT kind FROM credit_ledger_entries WHERE hold_id = $1 ORDER BY id',
    [holdId],
  );
  return result.rows.map((entry) => entry.kind);
}

describe('video pipeline with Gemini Omni (fake Gemini API)', () => {
  it('success: stored video, thumbnail and probe data; the hold captured once', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um farol na tempestade ao anoitecer',
      aspectRatio: '1:1',
    });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    // A second run (a duplicate job) changes nothing.
    expect(await runVideoGeneration(deps(), request.id)).toBe('already_final');

    const done = await row(request.id);
    expect(done).toMatchObject({
      status: 'completed',
      hold_status: 'captured',
      provider: 'gemini',
      model: OMNI,
      error_message: null,
    });
    expect(done.operation_name).toMatch(/^interactions\/v1_/);
    expect(done.completed_at).toBeInstanceOf(Date);
    expect(done.attempts).toBe(1);
    // Fast is 720p: 1280×720 cropped to a square.
    expect(done.resolution).toBe('720x720');
    expect(done.duration_seconds).toBeCloseTo(8, 0);
    const keys = { video: String(done.video_key), thumbnail: String(done.thumbnail_key) };
    expect(await job.storage.exists(keys.video)).toBe(true);
    expect(await job.storage.exists(keys.thumbnail)).toBe(true);
    const stored = await probe(job.storage.pathOf(keys.video), tools);
    expect(stored).toMatchObject({ width: 720, height: 720, hasAudio: true });
    expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
    expect(await audit(job.pool, userId)).toEqual([]);

    expect(job.gemini.submitBodies.at(-1)).toEqual({
      model: OMNI,
      input: 'Um farol na tempestade ao anoitecer',
      response_format: {
        type: 'video',
        aspect_ratio: '16:9',
        resolution: '720p',
        duration: '8s',
        delivery: 'uri',
      },
      background: true,
      store: true,
    });
  }, 60_000);

  it.each([
    ['safety refusal (completed without a video)', 'Cena proibida [block]', FAILURE_MESSAGES.blocked],
    ['failed interaction', 'Cena com erro [error]', FAILURE_MESSAGES.provider],
    ['broken file', 'Cena com arquivo quebrado [badfile]', FAILURE_MESSAGES.render],
  ])('%s → failed with a pt-BR message and refunded once', async (_name, prompt, message) => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    expect(await runVideoGeneration(deps(), request.id)).toBe('already_final');
    const failed = await row(request.id);
    expect(failed).toMatchObject({ status: 'failed', hold_status: 'voided', error_message: message });
    expect(await entries(request.holdId)).toEqual(['hold', 'void']);
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
    expect(await audit(job.pool, userId)).toEqual([]);
  });

  it('an extension continues the stored interaction and its download is the whole scene, joined by Cena', async () => {
    const userId = await newUser();
    const source = await seedVideoRequest(job.pool, { userId, prompt: 'Um barco no mar ao amanhecer' });
    expect(await runVideoGeneration(deps(), source.id)).toBe('completed');
    const sourceRow = await row(source.id);
    const extension = await seedVideoRequest(job.pool, { userId, prompt: 'O barco chega ao porto' });
    await job.pool.query('UPDATE video_requests SET extends_request_id = $2 WHERE id = $1', [
      extension.id,
      source.id,
    ]);
    expect(await runVideoGeneration(deps(), extension.id)).toBe('completed');
    expect(job.gemini.submitBodies.at(-1)).toMatchObject({
      previous_interaction_id: String(sourceRow.operation_name).replace('interactions/', ''),
      input: 'O barco chega ao porto',
      generation_config: { video_config: { task: 'extend' } },
    });
    // The fake answers the source's 8 s tail and 8 new seconds; nothing of the source is lost or doubled.
    const extended = await row(extension.id);
    expect(extended).toMatchObject({ status: 'completed', hold_status: 'captured' });
    expect(Number(extended.duration_seconds)).toBeCloseTo(16, 0);
    expect(await row(source.id)).toMatchObject({ status: 'completed', video_key: sourceRow.video_key });
  }, 120_000);

  it("an extension made after VIDEO_MODEL_FAST changed is made by its source's model and joined by its rule", async () => {
    const userId = await newUser();
    const source = await seedVideoRequest(job.pool, { userId, prompt: 'Um veleiro deixa o cais' });
    expect(await runVideoGeneration(deps(), source.id)).toBe('completed');
    const sourceRow = await row(source.id);
    // Fast is now a Veo id (which extends nothing); the source was made by Omni.
    const VEO = 'veo-3.1-generate-preview';
    const changed = { fast: VEO, quality: VEO };
    const extension = await seedVideoRequest(job.pool, { userId, prompt: 'O veleiro ganha o mar aberto' });
    await job.pool.query(
      `UPDATE video_requests SET extends_request_id = $2, model = $3, provider = 'gemini' WHERE id = $1`,
      [extension.id, source.id, sourceRow.model],
    );
    const later = deps({
      provider: provider(changed),
      capabilities: capabilitiesOf({ provider: 'gemini', gemini: { models: changed } }),
    });
    expect(await runVideoGeneration(later, extension.id)).toBe('completed');
    expect(job.gemini.submitBodies.at(-1)).toMatchObject({
      model: OMNI,
      previous_interaction_id: String(sourceRow.operation_name).replace('interactions/', ''),
      generation_config: { video_config: { task: 'extend' } },
    });
    // Omni answered the source's 8 s tail and 8 new seconds, measured and joined: 16 s, nothing doubled.
    const extended = await row(extension.id);
    expect(extended).toMatchObject({ status: 'completed', model: OMNI });
    expect(Number(extended.duration_seconds)).toBeCloseTo(16, 0);
  }, 120_000);

  it('a new shot from the last frame (past the limit) is appended to the film and to its 1:1 crop, cleanly', async () => {
    const userId = await newUser();
    const source = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um farol ao anoitecer',
      aspectRatio: '1:1',
    });
    expect(await runVideoGeneration(deps(), source.id)).toBe('completed');
    const frameKey = lastFrameKey(userId, source.id);
    const shot = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'As luzes do farol se acendem',
      aspectRatio: '1:1',
      firstFrameKey: frameKey,
    });
    await job.pool.query('UPDATE video_requests SET extends_request_id = $2 WHERE id = $1', [
      shot.id,
      source.id,
    ]);
    expect(await runVideoGeneration(deps(), shot.id)).toBe('completed');
    // A new Omni video opening on the source's last frame, tagged as the guide documents; no stored take continued.
    const body = job.gemini.submitBodies.at(-1) as Record<string, unknown>;
    expect(body).not.toHaveProperty('previous_interaction_id');
    expect(body.input).toEqual([
      { type: 'text', text: '<FIRST_FRAME>' },
      { type: 'image', data: expect.any(String), mime_type: 'image/jpeg' },
      { type: 'text', text: expect.stringContaining('farol') },
    ]);
    expect(await job.storage.exists(frameKey)).toBe(true);

    // Both the model-framed film and the delivered 1:1 film gained the shot: same size, frame rate and sound.
    const keys = mediaKeys(userId, shot.id);
    for (const [key, size] of [
      [keys.source, '1280x720'],
      [keys.video, '720x720'],
    ] as const) {
      const file = job.storage.pathOf(key);
      const film = await filmFormat(file, tools);
      expect(`${film.width}x${film.height}`).toBe(size);
      expect(film).toMatchObject({ fps: '8/1', appendable: true });
      expect(film.audio).not.toBeNull();
      // 8 s + 8 s, less the one-frame crossfade at the cut.
      expect(film.durationSeconds).toBeCloseTo(16 - 1 / 8, 2);
      // A keyframe at the cut (the first film's 8 s less the crossfade), and no black frame anywhere.
      const cut = 8 - 1 / 8;
      expect((await keyframeTimes(file)).some((time) => Math.abs(time - cut) < 0.05)).toBe(true);
      expect(await blackStretches(file)).toBe(0);
    }
    const done = await row(shot.id);
    expect(done).toMatchObject({ status: 'completed', hold_status: 'captured', resolution: '720x720' });
  }, 120_000);

  it('a video answered inline (base64 data) is stored like a downloaded one', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Um gato no telhado [inline]' });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    expect((await row(request.id)).resolution).toBe('1280x720');
  }, 60_000);

  it("429 on create waits Google's retryDelay, then succeeds: one interaction, no second charge", async () => {
    const userId = await newUser();
    const prompt = 'Fila cheia na API [429]';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
    expect(job.gemini.submits.get(prompt)).toBe(1);
    const times = job.gemini.rateLimitTimes.get(prompt) ?? [];
    expect(times).toHaveLength(3);
    // RetryInfo said 0.3 s; the back-off alone would have waited 5 ms.
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(290);
    expect((await row(request.id)).hold_status).toBe('captured');
  }, 60_000);

  it("a 429 on create is never the request's failure: with the shared budget it goes back in line, not as an attempt", async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Sem cota agora [429]' });
    const budget = new ProviderBudget({
      limits: { requestsPerMinute: 10, inFlight: 5, requestsPerDay: null },
    });
    const queue = new FairQueue({
      budget,
      projects: ['quota-test'],
      models: { fast: OMNI, quality: OMNI },
      sendJob: async () => {},
    });
    // The slot the dispatcher would give it.
    await inTransaction(job.pool, async (client) => {
      await client.query(
        "UPDATE video_requests SET dispatched_at = now(), provider_project = 'quota-test' WHERE id = $1",
        [request.id],
      );
      await budget.grant(client, request.id, 'quota-test', OMNI);
    });
    expect(await runVideoGeneration(deps({ capacity: sharedCapacity({ budget, queue }) }), request.id)).toBe(
      'requeued',
    );
    expect(await row(request.id)).toMatchObject({
      status: 'pending',
      dispatched_at: null,
      attempts: 0,
      operation_name: null,
      hold_status: 'pending',
    });
    const [use] = await budget.use(job.pool, ['quota-test'], OMNI);
    // Google's retryDelay (0.3 s) holds the project back; the rate Cena allows itself is halved.
    expect(use).toMatchObject({ inFlight: 0, throttledLastHour: 1, learnedRequestsPerMinute: 5, room: 0 });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
    // Settled here, so no later worker of this file picks the waiting request up.
    expect(await failRequest(job.pool, request.id, FAILURE_MESSAGES.capacity)).toBe(true);
  });

  it('a 5xx on create is not sent again (the generation may have started): refunded and recorded for reconciliation, one interaction', async () => {
    const userId = await newUser();
    const prompt = 'Resposta perdida no caminho [lost]';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    // A retried job does not create again either.
    expect(await runVideoGeneration(deps(), request.id)).toBe('already_final');
    expect(job.gemini.submits.get(prompt)).toBe(1);
    await expectRefundedForReconciliation(request.id, userId);
  });

  it('a worker stopped while Google accepts the create still stores the id: a new run completes it, one create', async () => {
    await stopWhileGoogleAccepts(deps(), 'fast', /^interactions\//);
  }, 60_000);

  it('a create sent by a run that died before storing its answer is never sent again: refunded and recorded', async () => {
    const userId = await newUser();
    const prompt = 'Um pedido cujo worker morreu no meio do envio';
    const request = await seedVideoRequest(job.pool, { userId, prompt });
    // Marked sent a moment ago: the run that sent it may still be waiting for the answer, so it is left alone.
    await job.pool.query(
      "UPDATE video_requests SET status = 'processing', create_sent_at = now() WHERE id = $1",
      [request.id],
    );
    await expect(runVideoGeneration(deps(), request.id)).rejects.toThrow(/waiting for its answer/);
    expect(await row(request.id)).toMatchObject({ status: 'processing', hold_status: 'pending' });
    // Long past any answer: the process died with it.
    await job.pool.query(
      "UPDATE video_requests SET create_sent_at = now() - interval '10 minutes' WHERE id = $1",
      [request.id],
    );
    expect(await runVideoGeneration(deps(), request.id)).toBe('failed');
    expect(job.gemini.submits.get(prompt)).toBeUndefined();
    await expectRefundedForReconciliation(request.id, userId);
  });

  it('a download that fails twice then works: completed, not refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Um trem chega à estação [dl503]' });
    // The client gives up on a download at its first failure; the pipeline reads it again until its deadline.
    const impatient = impatientProvider(1);
    expect(await runVideoGeneration(deps({ provider: impatient }), request.id)).toBe('completed');
    expect(await row(request.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
  }, 60_000);

  it('503s while polling are retried', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Servidor instável [503]' });
    expect(await runVideoGeneration(deps(), request.id)).toBe('completed');
  }, 60_000);

  it('never done → cancelled and deleted at Google at the per-mode timeout, then failed and refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Nunca termina [never]' });
    const started = Date.now();
    const outcome = await runVideoGeneration(deps({ timeoutMs: { fast: 600, quality: 60_000 } }), request.id);
    expect(outcome).toBe('failed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await row(request.id)).toMatchObject({
      status: 'failed',
      hold_status: 'voided',
      error_message: FAILURE_MESSAGES.timeout,
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
    const interaction = String((await row(request.id)).operation_name).replace('interactions/', '');
    expect(job.gemini.cancelled).toContain(interaction);
    expect(job.gemini.deleted).toContain(interaction);
  });

  it('a regional blip (every read 503 for a while) after Google accepted: followed to the end, not refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Um barco atravessa a baía durante um apagão',
    });
    // The client gives up on a read after 2 attempts; the blip lasts far longer than that.
    const impatient = impatientProvider(2);
    const run = runVideoGeneration(
      deps({ provider: impatient, poll: { initialMs: 50, maxMs: 100 } }),
      request.id,
    );
    job.gemini.unavailableUntil = Date.now() + 1_500;
    expect(await run).toBe('completed');
    expect(job.gemini.submits.get('Um barco atravessa a baía durante um apagão')).toBe(1);
    expect(await row(request.id)).toMatchObject({ status: 'completed', hold_status: 'captured' });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS - request.cost);
  }, 60_000);

  it("a model Google does not serve (Google's 404) is a permanent failure, refunded", async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Um modelo aposentado' });
    const retired = provider({ fast: 'veo-3.0-fast-generate-001', quality: OMNI });
    expect(await runVideoGeneration(deps({ provider: retired }), request.id)).toBe('failed');
    expect(await row(request.id)).toMatchObject({
      hold_status: 'voided',
      error_message: FAILURE_MESSAGES.provider,
    });
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
  });

  it('an invalid API key (400 API_KEY_INVALID) is a permanent failure, refunded', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(job.pool, { userId, prompt: 'Chave errada para a API' });
    expect(await runVideoGeneration(deps({ provider: provider(undefined, 'nope') }), request.id)).toBe(
      'failed',
    );
    expect(await balance(job.pool, userId)).toBe(START_CREDITS);
  });
});

describe('video pipeline with a Veo id the model list shows (fake Gemini API)', () => {
  const VEO = 'veo-3.1-generate-preview';
  beforeAll(() => {
    job.gemini.models.push({ id: VEO, methods: ['predictLongRunning'] });
  });
  afterAll(() => {
    job.gemini.models.splice(
      job.gemini.models.findIndex((model) => model.id === VEO),
      1,
    );
  });

  it('Quality 9:16 goes to :predictLongRunning at 1080p and completes; a safety filter refunds', async () => {
    const userId = await newUser();
    const veo = provider({ fast: OMNI, quality: VEO });
    const request = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Uma bailarina num palco vazio',
      quality: 'quality',
      aspectRatio: '9:16',
    });
    expect(await runVideoGeneration(deps({ provider: veo }), request.id)).toBe('completed');
    const done = await row(request.id);
    expect(done.operation_name).toMatch(/^models\/veo-3\.1-generate-preview\/operations\//);
    expect(done.resolution).toBe('1080x1920');
    expect(job.gemini.submitBodies.at(-1)).toEqual({
      instances: [{ prompt: 'Uma bailarina num palco vazio' }],
      parameters: { aspectRatio: '9:16', resolution: '1080p', durationSeconds: 8 },
    });

    const blocked = await seedVideoRequest(job.pool, {
      userId,
      prompt: 'Cena proibida [block]',
      quality: 'quality',
    });
    expect(await runVideoGeneration(deps({ provider: veo }), blocked.id)).toBe('failed');
    expect((await row(blocked.id)).error_message).toBe(FAILURE_MESSAGES.blocked);
  }, 90_000);

  it('a worker stopped while Google accepts the create still stores the operation: a new run completes it, one create', async () => {
    await stopWhileGoogleAccepts(
      deps({ provider: provider({ fast: OMNI, quality: VEO }) }),
      'quality',
      /^models\/veo-3\.1-generate-preview\/operations\//,
    );
  }, 60_000);

  it('a create answered 500 is not sent again (the operation may have started): refunded and recorded', async () => {
    const userId = await newUser();
    const prompt = 'Uma bailarina cuja resposta se perdeu [lost]';
    const request = await seedVideoRequest(job.pool, { userId, prompt, quality: 'quality' });
    const veo = provider({ fast: OMNI, quality: VEO });
    expect(await runVideoGeneration(deps({ provider: veo }), request.id)).toBe('failed');
    expect(await runVideoGeneration(deps({ provider: veo }), request.id)).toBe('already_final');
    expect(job.gemini.submits.get(prompt)).toBe(1);
    await expectRefundedForReconciliation(request.id, userId);
  });
});

describe('video pipeline on pg-boss', () => {
  let webhookServer: ReturnType<typeof createServer>;
  const webhooks: { body: string; signature: string | undefined }[] = [];
  let webhookUrl = '';

  beforeAll(async () => {
    let calls = 0;
    webhookServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        calls += 1;
        // The first delivery fails: the webhook is retried.
        if (calls === 1) {
          response.writeHead(500).end();
          return;
        }
        webhooks.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: request.headers['x-cena-signature'] as string,
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => webhookServer?.close(() => resolve()));
  });

  /** A worker process: its jobs and its dispatcher, stopped together (as cena.server.ts stops them). */
  async function startWorker(): Promise<{ boss: Jobs['boss']; stop(timeoutMs: number): Promise<void> }> {
    const jobs = await startJobs(job.databaseUrl, logger);
    const config = loadConfig({
      NODE_ENV: 'test',
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: job.gemini.base,
      VIDEO_WEBHOOK_URL: webhookUrl,
      VIDEO_WEBHOOK_SECRET: 'webhook-secret',
      VIDEO_TIMEOUT_FAST_MS: '60000',
    });
    const workers = await registerVideoWorkers({
      boss: jobs.boss,
      pool: job.pool,
      config,
      logger,
      storage: job.storage,
      provider: provider(),
      // The user's words go to the fake as they are, so the test can count the submits of this prompt.
      writePrompt: RULES_WRITER,
      poll: { initialMs: 100, maxMs: 200 },
      queueOptions: { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 },
      pollingIntervalSeconds: 0.5,
    });
    // The webhook queue's retry delay, shortened the same way.
    await jobs.boss.updateQueue(QUEUES.videoWebhook, { retryDelay: 1, retryBackoff: true, retryDelayMax: 1 });
    return {
      boss: jobs.boss,
      async stop(timeoutMs) {
        await workers.stop();
        await jobs.stop(timeoutMs);
        await workers.closeProviders();
      },
    };
  }

  async function waitFor<T>(
    read: () => Promise<T>,
    ok: (value: T) => boolean,
    timeoutMs = 20_000,
  ): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a worker stopped between submit and done: a new worker completes the same operation, one submit', async () => {
    const userId = await newUser();
    const prompt = 'Um trem a vapor cruzando a ponte';
    job.gemini.pollsUntilDone = 1_000_000;
    const first = await startWorker();
    // Its job is sent here: the worker's own dispatcher must not send a second one.
    const request = await seedVideoRequest(job.pool, { userId, prompt, dispatched: true });
    await send(first.boss, QUEUES.videoGenerate, { requestId: request.id });
    const generating = await waitFor(
      () => row(request.id),
      (value) => value.status === 'generating',
    );
    expect(generating.operation_name).toBeTruthy();
    await first.stop(1_000);

    job.gemini.pollsUntilDone = 2;
    const second = await startWorker();
    try {
      const done = await waitFor(
        () => row(request.id),
        (value) => value.status === 'completed',
      );
      expect(done.operation_name).toBe(generating.operation_name);
      expect(done.attempts).toBe(2);
      expect(done.hold_status).toBe('captured');
      expect(job.gemini.submits.get(prompt)).toBe(1);
      expect(await entries(request.holdId)).toEqual(['hold', 'capture']);
      expect(await audit(job.pool, userId)).toEqual([]);

      // The webhook went out once, signed, after one failed delivery.
      const hook = await waitFor(async () => webhooks.find((w) => w.body.includes(request.id)), Boolean);
      expect(hook?.signature).toBe(signWebhookBody(hook?.body ?? '', 'webhook-secret'));
      expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
        request_id: request.id,
        user_id: userId,
        prompt,
        quality: 'fast',
        aspect_ratio: '16:9',
        credits_used: 10,
        reference_image_url: null,
        seed: null,
        status: 'pending',
      });
      expect(webhooks.filter((w) => w.body.includes(request.id))).toHaveLength(1);
    } finally {
      job.gemini.pollsUntilDone = 2;
      await second.stop(1_000);
    }
  }, 60_000);

  it('with only VIDEO_PROVIDER, GEMINI_API_KEY and GEMINI_API_BASE set, the defaults make videos at their resolutions', async () => {
    const jobs = await startJobs(job.databaseUrl, logger);
    const config = loadConfig({
      VIDEO_PROVIDER: 'gemini',
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: job.gemini.base,
    });
    const workers = await registerVideoWorkers({
      boss: jobs.boss,
      pool: job.pool,
      config,
      logger,
      storage: job.storage,
      poll: { initialMs: 100, maxMs: 200 },
      pollingIntervalSeconds: 0.5,
    });
    try {
      const userId = await newUser();
      const image = `${userId}/reference.png`;
      await job.storage.put(image, PNG, 'image/png');
      const cases = [
        { quality: 'fast', aspectRatio: '16:9', resolution: '1280x720' },
        { quality: 'quality', aspectRatio: '9:16', resolution: '1080x1920' },
        { quality: 'quality', aspectRatio: '1:1', resolution: '1080x1080' },
        { quality: 'fast', aspectRatio: '16:9', resolution: '1280x720', image },
      ] as const;
      const requests = [];
      for (const [index, item] of cases.entries()) {
        const request = await seedVideoRequest(job.pool, {
          userId,
          prompt: `Um barco a vela no mar número ${index}`,
          quality: item.quality,
          aspectRatio: item.aspectRatio,
          firstFrameKey: 'image' in item ? item.image : undefined,
          dispatched: true,
        });
        await send(jobs.boss, QUEUES.videoGenerate, { requestId: request.id });
        requests.push(request);
      }
      for (const [index, request] of requests.entries()) {
        const done = await waitFor(
          () => row(request.id),
          (value) => value.status === 'completed' || value.status === 'failed',
          60_000,
        );
        expect({ status: done.status, resolution: done.resolution, model: done.model }).toEqual({
          status: 'completed',
          resolution: cases[index]?.resolution,
          model: 'gemini-omni-1.1-flash',
        });
      }
      // The text model wrote each structured prompt (PROMPT_MODEL's default); Omni read it as prose, not JSON.
      for (const request of requests) {
        expect((await row(request.id)).structured_prompt).toMatchObject({ builtBy: 'gemini-3.8-flash' });
      }
      // This test's request with a first frame (earlier tests sent images of their own to the same fake).
      const withImage = job.gemini.submitBodies.find(
        (body) =>
          Array.isArray(body.input) &&
          body.input.some((part) => JSON.stringify(part).includes('Um barco a vela no mar número 3')),
      ) as { input: unknown[] };
      expect(withImage.input).toEqual([
        { type: 'image', data: PNG.toString('base64'), mime_type: 'image/png' },
        {
          type: 'text',
          text: expect.stringContaining('Subject: a lighthouse keeper\nAction: climbs the spiral stairs'),
        },
      ]);
      const text = (withImage.input[1] as { text: string }).text;
      expect(text.startsWith('Um barco a vela no mar número 3\n')).toBe(true);
      expect(text).not.toContain('{');
      expect((withImage.input[1] as { text: string }).text).toContain('Do not include: text, watermark');
      // The key went to the API origin only, as a header.
      expect(
        job.gemini.requests.filter((request) => request.server === 'download' && request.hasKey),
      ).toEqual([]);
      expect(job.gemini.requests.some((request) => request.server === 'download')).toBe(true);
    } finally {
      await workers.stop();
      await jobs.stop(1_000);
    }
  }, 180_000);
});
