import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { TakeStrictness } from '#server/config.server';
import { inTransaction } from '#server/kernel/transaction.server';
import type { Logger } from '#server/logger.server';
import { type MediaTools, runTool } from '#server/media/media.server';
import { recordLeftover } from '#server/video-providers/video-providers.server';
import { type TakeProblem, takeRefundMessage } from '#shared/take-check';
import type { StructuredPrompt } from '#shared/video-request';
import { detectMediaSignals } from './media-signals.server';
import type { SubjectJudge, SubjectVerdict } from './subject-judge.server';
import { audioAsked, takeProblems } from './take-rules.server';

/**
 * Garantia do take (docs/video-contract.md): after the video is rendered and stored, before the request is
 * completed, the delivered file is checked. A take that fails goes back to the fair queue with the same inputs and
 * the same hold (nothing captured, nothing held again) for one free re-roll; a re-roll that fails too ends the
 * request failed, and the pipeline voids the hold — so the ledger still shows one capture or one refund.
 *
 * Each check is stored (take 1, take 2) before its consequence, and the re-roll's reset is in the same transaction
 * as its record (and as the record of the replaced take's generation, which the pipeline then deletes at Google), so a crashed or repeated run finds out from the rows which take it is checking.
 */

interface TakeInput {
  requestId: string;
  prompt: string;
  structuredPrompt: StructuredPrompt | null;
  videoKey: string;
  deliveredSeconds: number;
  hasAudio: boolean;
  /**
   * An extension's: where its new part begins in the joined video (the source's length). Only that part is checked
   * (ADR 0050): the source passed its own check when it was delivered.
   */
  newPartFromSeconds?: number;
}

type TakeOutcome =
  | { outcome: 'passed' }
  /** Back in the fair queue for the free re-roll. */
  | { outcome: 'reroll' }
  /** The re-roll failed too: fail the request with this pt-BR message (and void its hold). */
  | { outcome: 'refund'; message: string }
  /** The request was settled by someone else meanwhile. */
  | { outcome: 'gone' };

export type TakeGuarantee = (input: TakeInput, signal?: AbortSignal) => Promise<TakeOutcome>;

export interface TakeGuaranteeDeps {
  pool: pg.Pool;
  storage: { getStream(key: string): Promise<Readable> };
  tools: MediaTools;
  logger: Logger;
  strictness: TakeStrictness;
  /** The text model's look (TAKE_CHECK_MODEL with a Gemini key); none: the media checks alone. */
  judge?: SubjectJudge;
}

async function failedTakes(pool: pg.Pool, requestId: string): Promise<number> {
  const result = await pool.query<{ count: string }>(
    'SELECT count(*) FROM take_checks WHERE request_id = $1 AND NOT passed',
    [requestId],
  );
  return Number(result.rows[0]?.count ?? 0);
}

async function record(
  db: pg.Pool | pg.PoolClient,
  requestId: string,
  take: number,
  problems: TakeProblem[],
  verdict: SubjectVerdict | undefined,
): Promise<void> {
  await db.query(
    `INSERT INTO take_checks (request_id, take, passed, problems, model_verdict)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (request_id, take) DO UPDATE
       SET passed = EXCLUDED.passed, problems = EXCLUDED.problems, model_verdict = EXCLUDED.model_verdict,
           checked_at = now()`,
    [
      requestId,
      take,
      problems.length === 0,
      JSON.stringify(problems),
      verdict ? JSON.stringify(verdict) : null,
    ],
  );
}

/**
 * The same inputs and hold, back in line: the dispatcher sends it again like any waiting request, in its place (its
 * creation time) but with the longest wait counted from now (ADR 0061). The take's create was answered and
 * delivered, so its marks are cleared: the re-roll is a deliberate second create (ADR 0015 guards against a blind
 * one, which this is not).
 */
async function startReroll(client: pg.PoolClient, requestId: string): Promise<boolean> {
  const taken = await client.query<{
    user_id: string;
    operation_name: string | null;
    provider_project: string | null;
    sent_at: Date;
  }>(
    `SELECT user_id, operation_name, provider_project, COALESCE(create_sent_at, started_at, created_at) AS sent_at
     FROM video_requests WHERE id = $1 AND status = 'rendering' FOR UPDATE`,
    [requestId],
  );
  const replaced = taken.rows[0];
  if (!replaced) return false;
  const result = await client.query(
    `UPDATE video_requests
     SET status = 'pending', generation_step = 'queued', dispatched_at = NULL, operation_name = NULL,
         create_sent_at = NULL, generated_at = NULL, queued_at = now(), updated_at = now(),
         provider_project = CASE WHEN extends_request_id IS NULL AND edits_request_id IS NULL
                                 THEN NULL ELSE provider_project END
     WHERE id = $1 AND status = 'rendering'`,
    [requestId],
  );
  if (result.rowCount !== 1) return false;
  // The replaced take's generation stays at Google (prompt, images, video) until deleted: recorded with the reset,
  // so the export shows it and a failed deletion is tried again (video-providers/provider-leftovers.server.ts).
  if (replaced.operation_name) {
    await recordLeftover(client, {
      operationName: replaced.operation_name,
      userId: replaced.user_id,
      requestId,
      providerProject: replaced.provider_project,
      reason: 'replaced_take',
      sentAt: replaced.sent_at,
    });
  }
  return true;
}

async function toTempFile(stream: Readable): Promise<{ file: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cena-take-'));
  const file = path.join(dir, 'take.mp4');
  await pipeline(stream, createWriteStream(file));
  return { file, dir };
}

/**
 * The judge's copy keeps four pictures a second (ADR 0075): the text model samples a video at one frame a second
 * (https://ai.google.dev/gemini-api/docs/video-understanding), so any frame it would take is within 0.25 s of one
 * kept, at the take's own size; the sound is copied whole. Encoding a sixth of the frames is most of the copy's cost
 * gone (an 8 s 720p part: 1.9 → 0.8 s of CPU).
 */
const JUDGE_FRAMES_PER_SECOND = 4;

const NEW_PART_ENCODING = [
  '-map',
  '0:v:0',
  '-map',
  '0:a?',
  '-vf',
  `fps=${JUDGE_FRAMES_PER_SECOND}`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-c:a',
  'aac',
];

/**
 * An extension's new part on its own, for the text model: re-encoded from the seek point so it starts on the part's
 * first frame (a stream copy would start at the keyframe before it, in the source's footage).
 */
async function newPartFile(file: string, fromSeconds: number, tools: MediaTools, signal?: AbortSignal) {
  const out = path.join(path.dirname(file), 'new-part.mp4');
  await runTool(
    tools.ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', fromSeconds.toFixed(3), '-i', file],
      ...NEW_PART_ENCODING,
      out,
    ],
    { timeoutMs: tools.timeoutMs, signal },
  );
  return out;
}

/** What the media filters and the text model find in the take (an extension: in its new part). */
async function inspect(deps: TakeGuaranteeDeps, input: TakeInput, file: string, signal?: AbortSignal) {
  // A start at or past the end means the rows do not describe this file: it is checked whole rather than not at all.
  const start = input.newPartFromSeconds ?? 0;
  const fromSeconds = start > 0 && start < input.deliveredSeconds ? start : 0;
  const part = {
    checkedSeconds: input.deliveredSeconds - fromSeconds,
    hasAudio: input.hasAudio,
  };
  const asked = {
    subject: input.structuredPrompt?.subject ?? input.prompt,
    action: input.structuredPrompt?.action ?? input.prompt,
  };
  const signals = await detectMediaSignals(
    file,
    { ...part, fromSeconds },
    deps.strictness,
    deps.tools,
    signal,
  );
  const watched =
    deps.judge && fromSeconds > 0 ? await newPartFile(file, fromSeconds, deps.tools, signal) : file;
  const verdict = deps.judge
    ? await deps.judge(await readFile(watched), { ...asked, prompt: input.prompt }, signal)
    : undefined;
  const evidence = {
    signals,
    ...part,
    audioAsked: audioAsked(input.structuredPrompt, input.prompt),
    verdict,
    asked,
  };
  return {
    problems: takeProblems(evidence, deps.strictness),
    verdict,
    fromSeconds,
    frames: signals.decodedFrames,
  };
}

export function createTakeGuarantee(deps: TakeGuaranteeDeps): TakeGuarantee {
  return async (input, signal) => {
    const log = deps.logger.child({ requestId: input.requestId });
    const take = (await failedTakes(deps.pool, input.requestId)) >= 1 ? 2 : 1;
    let problems: TakeProblem[];
    let verdict: SubjectVerdict | undefined;
    let temp: { file: string; dir: string } | undefined;
    try {
      temp = await toTempFile(await deps.storage.getStream(input.videoKey));
      const inspected = await inspect(deps, input, temp.file, signal);
      ({ problems, verdict } = inspected);
      log.debug({ fromSeconds: inspected.fromSeconds, frames: inspected.frames }, 'the take was checked');
    } catch (error) {
      if (signal?.aborted) throw error;
      // The check is Cena's promise on top of a delivered video: a check that cannot run never costs the video.
      log.error({ err: error }, 'the take could not be checked; it is delivered unchecked');
      return { outcome: 'passed' };
    } finally {
      if (temp) await rm(temp.dir, { recursive: true, force: true });
    }

    if (problems.length === 0) {
      await record(deps.pool, input.requestId, take, problems, verdict);
      return { outcome: 'passed' };
    }
    log.warn({ take, problems, reasons: verdict?.reasons }, 'the take failed its check');
    if (take === 2) {
      await record(deps.pool, input.requestId, take, problems, verdict);
      return { outcome: 'refund', message: takeRefundMessage(problems) };
    }
    const rerolled = await inTransaction(deps.pool, async (client) => {
      if (!(await startReroll(client, input.requestId))) return false;
      await record(client, input.requestId, take, problems, verdict);
      return true;
    });
    return rerolled ? { outcome: 'reroll' } : { outcome: 'gone' };
  };
}
