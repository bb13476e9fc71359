import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type TakeStrictness } from '#server/config.server';
import { audit } from '#server/credits/ledger-audit.server';
import { grant } from '#server/credits/ledger-grants.server';
import { GeminiClient } from '#server/gemini/gemini-client.server';
import { GeminiVideoProvider } from '#server/gemini/gemini-provider.server';
import { createLogger } from '#server/logger.server';
import { probeJson, runTool } from '#server/media/ffmpeg.server';
import { probe } from '#server/media/rendering.server';
import { mediaToolchainFromEnv } from '#server/media/toolchain.server';
import { DiskStorage } from '#server/storage/storage.server';
import {
  LOCAL_BAD_TAKE_MARKERS,
  LocalVideoProvider,
} from '#server/video-providers/local-preview-provider.server';
import type { VideoProvider } from '#server/video-providers/video-provider.server';
import { capabilitiesOf } from '#server/video-requests/capabilities.server';
import { VIDEO_LENGTH_SECONDS } from '#shared/catalogue';
import { createTestDatabase, type TestDatabase, testPool } from '#tests/support/database';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  seedVideoRequest,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { mediaTools } from '#tests/support/media';
import { insertUser } from '#tests/support/users';
import { type PipelineDeps, runVideoGeneration } from '../generate-video.job.server';
import { unlimitedCapacity } from '../generation-capacity.server';
import { detectMediaSignals } from './media-signals.server';
import { createSubjectJudge, type SubjectJudge } from './subject-judge.server';
import { createTakeGuarantee } from './take-guarantee.server';
import { type TakeEvidence, takeProblems } from './take-rules.server';
import { takeChecksOf } from './take-view.server';

let database: TestDatabase;
let pool: pg.Pool;
let gemini: FakeGemini;
let dir: string;
let storage: DiskStorage;
let local: LocalVideoProvider;
const logger = createLogger('silent');
const tools = await mediaTools(60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  pool = testPool({ connectionString: database.url, max: 6 });
  gemini = await startFakeGemini({ tiny: true });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-take-'));
  storage = new DiskStorage(path.join(dir, 'storage'), 'test-signing-secret');
  const toolchain = await mediaToolchainFromEnv();
  local = new LocalVideoProvider({
    dir: path.join(dir, 'renders'),
    delayMs: 0,
    ffmpegPath: toolchain.ffmpeg.path,
    fontFile: toolchain.fonts.regular,
  });
});

afterEach(() => {
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
});

afterAll(async () => {
  await local?.close();
  await gemini?.stop();
  await pool?.end();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function deps(
  provider: VideoProvider,
  judge?: SubjectJudge,
  strictness: TakeStrictness = 'normal',
): PipelineDeps {
  return {
    pool,
    provider,
    storage,
    tools,
    capabilities: capabilitiesOf({ provider: 'local', gemini: { models: { fast: 'x', quality: 'x' } } }),
    logger,
    timeoutMs: { fast: 120_000, quality: 120_000 },
    poll: { initialMs: 50, maxMs: 200 },
    capacity: unlimitedCapacity(),
    checkTake: createTakeGuarantee({ pool, storage, tools, logger, strictness, judge }),
  };
}

/**
 * The pipeline against the Gemini stand-in: Omni makes the takes and the text model (the default PROMPT_MODEL)
 * watches them.
 */
function geminiPipeline() {
  const config = loadConfig({
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
  });
  const provider = new GeminiVideoProvider(
    new GeminiClient({
      apiKey: API_KEY,
      apiBase: gemini.base,
      retry: { attempts: 2, initialDelayMs: 5, maxDelayMs: 50 },
    }),
    { fast: 'gemini-omni-1.1-flash', quality: 'gemini-omni-1.1-flash' },
  );
  const judge = createSubjectJudge(config, logger);
  return { config, judge, pipeline: deps(provider, judge) };
}

async function newUser(): Promise<string> {
  const userId = await insertUser(pool);
  await grant(pool, {
    userId,
    amount: 1000,
    source: 'adjustment',
    sourceRef: `test:${userId}`,
    expiresAt: null,
  });
  return userId;
}

async function ledger(holdId: string): Promise<string[]> {
  const result = await pool.query<{ kind: string }>(
    'SELECT kind FROM credit_ledger_entries WHERE hold_id = $1 ORDER BY id',
    [holdId],
  );
  return result.rows.map((entry) => entry.kind);
}

async function state(id: string) {
  const result = await pool.query<{
    status: string;
    error_message: string | null;
    operation_name: string | null;
    hold_status: string;
  }>(
    `SELECT r.status, r.error_message, r.operation_name, h.status AS hold_status
     FROM video_requests r JOIN credit_holds h ON h.id = r.hold_id WHERE r.id = $1`,
    [id],
  );
  return result.rows[0];
}

/** The frozen problem's pt-BR detail: the stretch in seconds with one decimal, written with a comma. */
const FROZEN_DETAIL = /^imagem congelada por (\d+),(\d) s$/;
/** freezedetect's documented default duration, the shortest stretch the filter itself calls a freeze. */
const FREEZEDETECT_DEFAULT_SECONDS = 2;

/**
 * A render still from its first frame to its last is reported frozen for about its whole length, in the pt-BR form.
 * Not to the tenth: freezedetect dates a freeze from the first frame that every later one stays within the noise
 * floor of (-60 dB, a mean absolute difference of 0.001; https://ffmpeg.org/ffmpeg-filters.html#freezedetect), and
 * how many opening frames an x264 build takes to settle under it is the build's (the npm 4.1 build: none, "8,0 s";
 * Debian 12's ffmpeg 5.1: 8 frames at 24 fps, "7,7 s"). So the stretch may fall short of the clip by less than the
 * filter's default duration, and never exceed the clip: a stretch of a few seconds would still fail this test.
 */
function expectWholeClipFrozen(detail: string | undefined) {
  const match = FROZEN_DETAIL.exec(detail ?? '');
  expect(match, `frozen detail: ${detail}`).not.toBeNull();
  const seconds = Number(`${match?.[1]}.${match?.[2]}`);
  expect(seconds).toBeGreaterThan(VIDEO_LENGTH_SECONDS - FREEZEDETECT_DEFAULT_SECONDS);
  expect(seconds).toBeLessThanOrEqual(VIDEO_LENGTH_SECONDS);
}

describe('take guarantee', () => {
  it('a good local render passes its check once and is captured once', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, { userId, prompt: 'Um farol girando na tempestade' });
    expect(await runVideoGeneration(deps(local), request.id)).toBe('completed');
    const checks = (await takeChecksOf(pool, [request.id])).get(request.id);
    expect(checks).toEqual([expect.objectContaining({ take: 1, passed: true, problems: [] })]);
    expect(await ledger(request.holdId)).toEqual(['hold', 'capture']);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('a frozen render is re-rolled once at no cost, then refunded with a plain reason: one refund, no capture', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: `Um farol na tempestade ${LOCAL_BAD_TAKE_MARKERS.frozen}`,
    });
    const pipeline = deps(local);
    expect(await runVideoGeneration(pipeline, request.id)).toBe('requeued');
    // Back in line with the same inputs and the same hold: nothing captured, nothing held again.
    expect(await state(request.id)).toMatchObject({
      status: 'pending',
      operation_name: null,
      hold_status: 'pending',
    });
    expect(await ledger(request.holdId)).toEqual(['hold']);
    const first = (await takeChecksOf(pool, [request.id])).get(request.id);
    expect(first).toEqual([
      expect.objectContaining({
        take: 1,
        passed: false,
        problems: [{ kind: 'frozen', detail: expect.stringMatching(FROZEN_DETAIL) }],
      }),
    ]);
    expectWholeClipFrozen(first?.[0]?.problems[0]?.detail);

    expect(await runVideoGeneration(pipeline, request.id)).toBe('failed');
    const failed = await state(request.id);
    expect(failed).toMatchObject({ status: 'failed', hold_status: 'voided' });
    const reason =
      /^O vídeo não passou na verificação de qualidade da Cena duas vezes \((.+)\)\. Seus créditos foram devolvidos\.$/;
    expectWholeClipFrozen(reason.exec(failed?.error_message ?? '')?.[1]);
    const both = (await takeChecksOf(pool, [request.id])).get(request.id);
    expect(both?.map((check) => [check.take, check.passed])).toEqual([
      [1, false],
      [2, false],
    ]);
    // A duplicate run of the settled request changes nothing.
    expect(await runVideoGeneration(pipeline, request.id)).toBe('already_final');
    expect(await ledger(request.holdId)).toEqual(['hold', 'void']);
    expect(await audit(pool, userId)).toEqual([]);
    // Two local renders, each checked: on a busy machine longer than the default test timeout.
  }, 120_000);

  it('a silent render where the prompt asks for sound fails; a black render fails as black', async () => {
    const userId = await newUser();
    const silent = await seedVideoRequest(pool, {
      userId,
      prompt: `Ondas batendo nas pedras com som do mar ${LOCAL_BAD_TAKE_MARKERS.silent}`,
    });
    const black = await seedVideoRequest(pool, {
      userId,
      prompt: `Uma cidade à noite com neon ${LOCAL_BAD_TAKE_MARKERS.black}`,
    });
    expect(await runVideoGeneration(deps(local), silent.id)).toBe('requeued');
    expect(await runVideoGeneration(deps(local), black.id)).toBe('requeued');
    const checks = await takeChecksOf(pool, [silent.id, black.id]);
    expect(checks.get(silent.id)?.[0]?.problems).toEqual([
      { kind: 'silent', detail: 'sem som por 8,0 s, mas o prompt pede áudio' },
    ]);
    expect(checks.get(black.id)?.[0]?.problems[0]).toEqual({ kind: 'black', detail: 'tela preta por 8,0 s' });
  });

  it('a silent render passes when the prompt asks for no sound', async () => {
    const userId = await newUser();
    const request = await seedVideoRequest(pool, {
      userId,
      prompt: `Um jardim japonês em silêncio, sem som ${LOCAL_BAD_TAKE_MARKERS.silent}`,
    });
    expect(await runVideoGeneration(deps(local), request.id)).toBe('completed');
    expect(await ledger(request.holdId)).toEqual(['hold', 'capture']);
  });

  it('the text model watches the video (fake Gemini): a missing subject fails the take and its reasons are kept', async () => {
    const { config, judge, pipeline } = geminiPipeline();
    expect(judge).toBeDefined();
    const userId = await newUser();
    const good = await seedVideoRequest(pool, { userId, prompt: 'Um gato pulando um muro ao pôr do sol' });
    const missing = await seedVideoRequest(pool, { userId, prompt: 'Um gato pulando um muro [sem-sujeito]' });
    const before = gemini.videoJudgements.length;
    expect(await runVideoGeneration(pipeline, good.id)).toBe('completed');
    expect(await runVideoGeneration(pipeline, missing.id)).toBe('requeued');
    const judged = gemini.videoJudgements.slice(before);
    expect(judged).toHaveLength(2);
    expect(judged[0]?.bytes).toBeGreaterThan(1000);
    const stored = await pool.query<{ problems: unknown; model_verdict: { reasons: string; model: string } }>(
      'SELECT problems, model_verdict FROM take_checks WHERE request_id = $1',
      [missing.id],
    );
    expect(stored.rows[0]?.problems).toEqual([
      {
        kind: 'subject',
        detail: 'o assunto pedido (“Um gato pulando um muro [sem-sujeito]”) não aparece no vídeo',
      },
    ]);
    expect(stored.rows[0]?.model_verdict).toMatchObject({
      reasons: 'O vídeo mostra um padrão de cores, sem o assunto pedido.',
      model: config.video.gemini.promptModel,
    });
    // The model check turned off: no judge at all.
    expect(
      createSubjectJudge(
        loadConfig({
          VIDEO_PROVIDER: 'gemini',
          GEMINI_API_KEY: API_KEY,
          GEMINI_API_BASE: gemini.base,
          TAKE_CHECK_MODEL: 'off',
        }),
        logger,
      ),
    ).toBeUndefined();
  });

  it('a take the model fails is re-rolled with the same hold; a re-roll that passes is captured once', async () => {
    const { pipeline } = geminiPipeline();
    const userId = await newUser();
    const prompt = 'Um cavalo galopando na praia [sem-sujeito-uma-vez]';
    const request = await seedVideoRequest(pool, { userId, prompt });
    expect(await runVideoGeneration(pipeline, request.id)).toBe('requeued');
    expect(await ledger(request.holdId)).toEqual(['hold']);
    expect(await runVideoGeneration(pipeline, request.id)).toBe('completed');
    // Two generations at the provider, one charge.
    expect(gemini.submits.get(prompt)).toBe(2);
    expect(await ledger(request.holdId)).toEqual(['hold', 'capture']);
    const checks = (await takeChecksOf(pool, [request.id])).get(request.id);
    expect(checks?.map((check) => [check.take, check.passed])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await audit(pool, userId)).toEqual([]);
  });

  it('strictness: lenient trusts only a sure missing subject; strict fails any missing subject or action', () => {
    const evidence = (verdict: TakeEvidence['verdict']): TakeEvidence => ({
      signals: { frozen: [{ start: 5.5, end: 8 }], black: [], silent: [] },
      checkedSeconds: 8,
      hasAudio: true,
      audioAsked: true,
      verdict,
      asked: { subject: 'um gato', action: 'pula o muro' },
    });
    const unsureNoAction = {
      subjectPresent: true,
      actionPresent: false,
      confidence: 0.5,
      reasons: '',
      model: 'm',
    };
    const kinds = (strictness: TakeStrictness, verdict: TakeEvidence['verdict']) =>
      takeProblems(evidence(verdict), strictness).map((problem) => problem.kind);
    // A 2.5 s still: only strict (2 s) counts it.
    expect(kinds('lenient', unsureNoAction)).toEqual([]);
    expect(kinds('normal', unsureNoAction)).toEqual([]);
    expect(kinds('strict', unsureNoAction)).toEqual(['frozen', 'action']);
    const sureNoSubject = { ...unsureNoAction, subjectPresent: false, confidence: 0.85 };
    expect(kinds('lenient', sureNoSubject)).toEqual(['subject']);
    expect(kinds('normal', { ...unsureNoAction, confidence: 0.7 })).toEqual(['action']);
    expect(
      takeProblems({ ...evidence(undefined), hasAudio: false }, 'normal').map((problem) => problem.kind),
    ).toEqual(['silent']);
  });

  it("a re-roll deletes the replaced take's interaction at Google; the delivered take's stays", async () => {
    const { pipeline } = geminiPipeline();
    const request = await seedVideoRequest(pool, {
      userId: await newUser(),
      prompt: 'Um barco chega ao cais [sem-sujeito-uma-vez]',
    });
    const deletedBefore = gemini.deleted.length;
    expect(await runVideoGeneration(pipeline, request.id)).toBe('requeued');
    const replaced = gemini.deleted.slice(deletedBefore);
    expect(replaced).toHaveLength(1);
    expect(await runVideoGeneration(pipeline, request.id)).toBe('completed');
    const delivered = String((await state(request.id))?.operation_name).replace('interactions/', '');
    expect(replaced).not.toContain(delivered);
    expect(gemini.deleted.slice(deletedBefore)).toEqual(replaced);
    const left = await pool.query('SELECT 1 FROM provider_leftovers WHERE request_id = $1', [request.id]);
    expect(left.rowCount).toBe(0);
  });
});

/**
 * A 16 s extension as the render step joins it: an 8 s source, then the 8 s new part (320x180 at 24 fps, a tone
 * throughout), each a still grey frame or ffmpeg's moving test pattern. Stored under `name`; its storage key.
 */
async function joinedFilm(name: string, source: 'still' | 'moving', newPart: 'still' | 'moving') {
  const part = (kind: 'still' | 'moving') =>
    kind === 'still' ? 'color=c=gray:s=320x180:r=24:d=8' : 'testsrc2=s=320x180:r=24:d=8';
  const file = path.join(dir, `${name}.mp4`);
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', part(source), '-f', 'lavfi', '-i', part(newPart)],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:d=16'],
      ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]', '-map', '2:a'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ],
    { timeoutMs: tools.timeoutMs },
  );
  const key = `films/${name}.mp4`;
  await storage.put(key, await readFile(file), 'video/mp4');
  return { file, key };
}

/** An extension being rendered, its joined film stored: the take guarantee's input for it. */
async function extensionTake(videoKey: string, newPartFromSeconds: number | undefined) {
  const request = await seedVideoRequest(pool, { userId: await newUser(), prompt: 'O barco segue viagem' });
  await pool.query(`UPDATE video_requests SET status = 'rendering' WHERE id = $1`, [request.id]);
  return {
    requestId: request.id,
    prompt: 'O barco segue viagem',
    structuredPrompt: null,
    videoKey,
    deliveredSeconds: 16,
    hasAudio: true,
    newPartFromSeconds,
  };
}

describe("an extension's take check (ADR 0050)", () => {
  it('decodes only the new part: the frames from its start to the end', async () => {
    const { file } = await joinedFilm('frames', 'moving', 'moving');
    const media = { checkedSeconds: 8, hasAudio: true };
    const whole = await detectMediaSignals(file, { ...media, checkedSeconds: 16 }, 'normal', tools);
    const newPart = await detectMediaSignals(file, { ...media, fromSeconds: 8 }, 'normal', tools);
    expect(whole.decodedFrames).toBe(16 * 24);
    expect(newPart.decodedFrames).toBe(8 * 24);
  });

  it('judges the new part alone: a still source before it does not fail it, a still new part does', async () => {
    const checkTake = createTakeGuarantee({ pool, storage, tools, logger, strictness: 'normal' });
    const stillSource = await joinedFilm('still-source', 'still', 'moving');
    expect(await checkTake(await extensionTake(stillSource.key, 8))).toEqual({ outcome: 'passed' });
    // The same film checked whole fails for its still source: reading the new part alone is what passed it.
    expect(await checkTake(await extensionTake(stillSource.key, undefined))).toEqual({ outcome: 'reroll' });
    // A start the file does not reach (the rows do not describe it) is checked whole, not skipped.
    expect(await checkTake(await extensionTake(stillSource.key, 16))).toEqual({ outcome: 'reroll' });

    const stillNewPart = await extensionTake((await joinedFilm('still-new-part', 'moving', 'still')).key, 8);
    expect(await checkTake(stillNewPart)).toEqual({ outcome: 'reroll' });
    const [check] = (await takeChecksOf(pool, [stillNewPart.requestId])).get(stillNewPart.requestId) ?? [];
    expect(check?.problems).toEqual([{ kind: 'frozen', detail: expect.stringMatching(FROZEN_DETAIL) }]);
    // Frozen for about the new part's length, dated within it: not the film's 16 s.
    expectWholeClipFrozen(check?.problems[0]?.detail);
  });

  it('the text model is shown the new part alone, from its first frame', async () => {
    const watched: number[] = [];
    const looks: { size: string; frameRate: string | undefined; hasAudio: boolean }[] = [];
    const judge: SubjectJudge = async (video) => {
      const file = path.join(dir, `watched-${watched.length}.mp4`);
      await writeFile(file, video);
      const probed = await probe(file, tools);
      watched.push(probed.deliveredSeconds);
      const streams = (await probeJson(tools.ffprobePath, file, { timeoutMs: tools.timeoutMs })).streams;
      const frameRate = streams?.find((stream) => stream.codec_type === 'video')?.r_frame_rate;
      looks.push({ size: `${probed.width}x${probed.height}`, frameRate, hasAudio: probed.hasAudio });
      return {
        subjectPresent: true,
        actionPresent: true,
        confidence: 0.9,
        reasons: 'O barco aparece.',
        model: 'm',
      };
    };
    const checkTake = createTakeGuarantee({ pool, storage, tools, logger, strictness: 'normal', judge });
    const { key } = await joinedFilm('judged', 'moving', 'moving');
    expect(await checkTake(await extensionTake(key, 8))).toEqual({ outcome: 'passed' });
    expect(await checkTake(await extensionTake(key, undefined))).toEqual({ outcome: 'passed' });
    expect(watched).toHaveLength(2);
    expect(watched[0]).toBeCloseTo(8, 1);
    expect(watched[1]).toBeCloseTo(16, 1);
    // The part's copy keeps four pictures a second at the take's size, with its sound (ADR 0075: the model samples
    // one a second); a take checked whole is sent as delivered.
    expect(looks).toEqual([
      { size: '320x180', frameRate: '4/1', hasAudio: true },
      { size: '320x180', frameRate: '24/1', hasAudio: true },
    ]);
  });
});
