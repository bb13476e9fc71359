import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { type AspectRatio, VIDEO_LENGTH_SECONDS, type VideoQuality } from '../../../shared/catalogue';
import { providerAspectRatio } from '../../../shared/video-models';
import {
  detectImageType,
  FINAL_VIDEO_STATUSES,
  type StructuredPrompt,
  type VideoStatus,
} from '../../../shared/video-request';
import { capture, voidHoldInTransaction } from '../../credits/ledger-hold-resolution.server';
import { inTransaction } from '../../kernel/transaction.server';
import type { Logger } from '../../logger.server';
import type { CapabilitiesOf } from '../capabilities.server';
import type { FairQueue } from '../capacity/fair-queue.server';
import type { ProviderBudget } from '../capacity/provider-budget.server';
import type { PromptWriter } from '../prompt-writer.server';
import { STRUCTURED_PROMPT_RULES, structuredPromptText } from '../structured-prompt.server';
import type { TakeGuarantee } from '../take-check/take-guarantee.server';
import { type DeliveredFile, DeliveryFailure, fetchDeliveredVideo } from './delivery.server';
import type { MediaTools } from './ffmpeg.server';
import { abandonGeneration, forgetRecorded, stopGeneration } from './generation-stop.server';
import {
  type PollResult,
  type ProviderImage,
  ProviderOutcomeUnknownError,
  ProviderQuotaError,
  TransientProviderError,
  type VideoProvider,
} from './providers/video-provider.server';
import {
  type JoinPlan,
  mediaKeys,
  type PipelineStorage,
  renderResult,
  storeLastFrame,
} from './rendering.server';
import { startSlotHeartbeat } from './slot-heartbeat.server';

/**
 * The `video-generate` job (design §5): pending → processing → generating → rendering → completed | failed.
 *
 * Exactly-once money rules: the request row is the truth. The operation name is stored the moment the provider
 * accepts, so any later run (a retry, a new worker after a crash) polls that operation instead of paying for a
 * second one. A create is sent once, ever (ADR 0015): it is marked as sent first, a stopping worker still waits for
 * its answer and stores the name, and a run that finds it marked but unnamed (a crash mid-create, a lost answer)
 * never sends another: with no way to ask Google what it accepted, it refunds and records the request for
 * reconciliation. The final status and the hold's capture or void commit in ONE transaction, guarded by
 * `status NOT IN (final)`, so however many runs race, one of them settles the request and the hold once.
 */

export const FAILURE_MESSAGES = {
  blocked: 'O vídeo foi bloqueado pelo filtro de segurança do modelo. Seus créditos foram devolvidos.',
  provider: 'O modelo não conseguiu gerar o vídeo. Seus créditos foram devolvidos.',
  timeout: 'A geração demorou mais que o esperado e foi cancelada. Seus créditos foram devolvidos.',
  download: 'Não foi possível baixar o vídeo gerado. Seus créditos foram devolvidos.',
  render: 'Não foi possível processar o vídeo gerado. Seus créditos foram devolvidos.',
  unexpected: 'Ocorreu um erro ao gerar o vídeo. Seus créditos foram devolvidos.',
  unknown:
    'Não conseguimos confirmar com o modelo se o vídeo começou a ser gerado, então o pedido foi encerrado. Seus créditos foram devolvidos.',
  capacity:
    'O modelo de vídeo esteve sem capacidade por tempo demais e seu pedido não chegou a começar — não foi um problema com o seu prompt. Seus créditos foram devolvidos.',
} as const;
type FailureKind = keyof typeof FAILURE_MESSAGES;

/** A failure that ends the request (failed + refund) at once, with the reason for the logs. */
class RequestFailure extends Error {
  override name = 'RequestFailure';
  constructor(
    readonly kind: FailureKind,
    detail: string,
  ) {
    super(detail);
  }
}

/** What the job reads (from a stored request) to read reference images and the video an extension continues. */
export interface PipelineReadStorage extends PipelineStorage {
  getStream(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface PipelineDeps {
  pool: pg.Pool;
  /** The provider of the first project; `providerFor` picks another project's (its key) when there are several. */
  provider: VideoProvider;
  providerFor?: (project: string | null) => VideoProvider;
  /**
   * The shared budget and the fair queue (ADR 0013): a create is sent only by a request holding a slot, and a 429
   * puts the request back in line. The worker always has them; the pipeline's own tests run requests one by one
   * without them.
   */
  capacity?: { budget: ProviderBudget; queue: FairQueue };
  storage: PipelineReadStorage;
  tools: MediaTools;
  logger: Logger;
  /** What the configured models can do; an extension's answer is joined to its source by it. */
  capabilities: CapabilitiesOf;
  /** Per mode, from the request's creation. */
  timeoutMs: Record<VideoQuality, number>;
  /** Poll back-off: starts at `initialMs`, ×1.5 per poll, capped at `maxMs`. */
  poll: { initialMs: number; maxMs: number };
  /**
   * Google's webhooks (ADR 0018): the wait between two reads of a generation ends as soon as its event arrives,
   * and reads are otherwise the rare safety net, every `pollMs`. Undefined: polling alone, on `poll`'s back-off.
   */
  providerEvents?: ProviderEvents;
  /**
   * Enqueues the outbound webhook inside the transaction that moves the request out of `pending` (its first
   * pick-up), so it goes out once per request. Undefined when no webhook is configured.
   */
  enqueueWebhook?: (client: pg.PoolClient, requestId: string) => Promise<void>;
  /** Enqueues the owner's e-mail inside the transaction that writes completed or failed (docs/history-contract.md). */
  enqueueNotification?: FinalHook;
  /** The text model that rewrites the rule-built structured prompt before the first submit; none: the rules'. */
  writePrompt?: PromptWriter;
  /** Garantia do take: checks the stored video before completion (one free re-roll, then a refund). */
  checkTake?: TakeGuarantee;
}

export type FinalHook = (client: pg.PoolClient, requestId: string) => Promise<void>;

interface ProviderEvents {
  pollMs: number;
  /** Waits `ms`, less when an event for the operation came after `since` (the start of the last read). */
  wait(operationName: string, since: number, ms: number, signal?: AbortSignal): Promise<void>;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The job's last attempt: an unexpected error then fails and refunds instead of waiting for a retry. */
  finalAttempt?: boolean;
}

export type RunOutcome = 'completed' | 'failed' | 'already_final' | 'not_found' | 'requeued';

/** The request went back to the fair queue before anything was accepted: the run ends without settling it. */
class Requeued extends Error {
  override name = 'Requeued';
}

interface RequestRow {
  id: string;
  user_id: string;
  prompt: string;
  structured_prompt: StructuredPrompt | null;
  quality: VideoQuality;
  aspect_ratio: AspectRatio;
  seed: number | null;
  status: VideoStatus;
  reference_image_key: string | null;
  last_frame_key: string | null;
  reference_image_keys: string[];
  extends_request_id: string | null;
  edits_request_id: string | null;
  operation_name: string | null;
  /** The model a derived request continues its source with (stored at its creation); null otherwise until sent. */
  model: string | null;
  create_sent_at: Date | null;
  hold_id: string | null;
  created_at: Date;
  dispatched_at: Date | null;
  provider_project: string | null;
  started_at: Date | null;
}

/** The completed request an extension or edit starts from (read-only: a completed request never changes). */
interface SourceRow {
  id: string;
  user_id: string;
  operation_name: string | null;
  model: string | null;
  duration_seconds: number | null;
  video_key: string | null;
}

const FINAL_SQL = `status NOT IN (${FINAL_VIDEO_STATUSES.map((status) => `'${status}'`).join(', ')})`;

async function loadRequest(pool: pg.Pool, requestId: string): Promise<RequestRow | undefined> {
  const result = await pool.query<RequestRow>(
    `SELECT id, user_id, prompt, structured_prompt, quality, aspect_ratio, seed, status, reference_image_key,
            last_frame_key, reference_image_keys, extends_request_id, edits_request_id, operation_name, model,
            create_sent_at, hold_id, created_at, dispatched_at, provider_project, started_at
     FROM video_requests WHERE id = $1`,
    [requestId],
  );
  return result.rows[0];
}

async function loadSource(pool: pg.Pool, row: RequestRow): Promise<SourceRow | undefined> {
  const sourceId = row.extends_request_id ?? row.edits_request_id;
  if (!sourceId) return undefined;
  const result = await pool.query<SourceRow>(
    `SELECT id, user_id, operation_name, model, duration_seconds, video_key
     FROM video_requests WHERE id = $1 AND user_id = $2 AND status = 'completed'`,
    [sourceId, row.user_id],
  );
  const source = result.rows[0];
  if (!source?.video_key) throw new RequestFailure('provider', `source ${sourceId} has no completed video`);
  return source;
}

/** Moves a request on, unless it is already final; false when it was (someone else settled it). */
async function setStatus(
  pool: pg.Pool | pg.PoolClient,
  requestId: string,
  status: VideoStatus,
  extra: { operationName?: string; provider?: string; model?: string; generated?: boolean } = {},
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE video_requests
     SET status = $2, updated_at = now(),
         operation_name = COALESCE($3, operation_name), provider = COALESCE($4, provider),
         model = COALESCE($5, model), generated_at = CASE WHEN $6 THEN now() ELSE generated_at END
     WHERE id = $1 AND ${FINAL_SQL}`,
    [
      requestId,
      status,
      extra.operationName ?? null,
      extra.provider ?? null,
      extra.model ?? null,
      extra.generated ?? false,
    ],
  );
  return result.rowCount === 1;
}

/** failed + error_message + void of the hold, in one transaction; a no-op on a request already final. */
export async function failRequest(
  pool: pg.Pool,
  requestId: string,
  message: string,
  onFinal?: FinalHook,
  /** Only a request still waiting in the fair queue (one dispatched meanwhile is left to its job). */
  onlyIfWaiting = false,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    // A create sent and never named may have started a generation Google bills: the refund is recorded for the
    // operator's reconciliation (ADR 0015).
    const failed = await client.query<{ hold_id: string | null }>(
      `UPDATE video_requests SET status = 'failed', error_message = $2, updated_at = now(),
         provider_outcome_unknown_at = CASE WHEN create_sent_at IS NOT NULL AND operation_name IS NULL
                                            THEN now() ELSE provider_outcome_unknown_at END
       WHERE id = $1 AND ${FINAL_SQL} AND (NOT $3 OR (status = 'pending' AND dispatched_at IS NULL))
       RETURNING hold_id`,
      [requestId, message, onlyIfWaiting],
    );
    const row = failed.rows[0];
    if (!row) return false;
    if (row.hold_id) await voidHoldInTransaction(client, row.hold_id);
    await onFinal?.(client, requestId);
    return true;
  });
}

async function completeRequest(
  deps: PipelineDeps,
  requestId: string,
  media: { videoKey: string; thumbnailKey: string; resolution: string; durationSeconds: number },
): Promise<boolean> {
  return inTransaction(deps.pool, async (client) => {
    const completed = await client.query<{ hold_id: string | null }>(
      `UPDATE video_requests
       SET status = 'completed', completed_at = now(), updated_at = now(), error_message = NULL,
           video_key = $2, thumbnail_key = $3, resolution = $4, duration_seconds = $5
       WHERE id = $1 AND ${FINAL_SQL}
       RETURNING hold_id`,
      [requestId, media.videoKey, media.thumbnailKey, media.resolution, media.durationSeconds],
    );
    const row = completed.rows[0];
    if (!row) return false;
    await deps.enqueueNotification?.(client, requestId);
    if (row.hold_id) {
      const result = await capture(client, row.hold_id);
      // Only this pipeline resolves a request's hold, so another resolution means a bug elsewhere: keep the
      // delivered video, and say so loudly for the audit.
      if (!result.changed && result.hold.status !== 'captured') {
        deps.logger.error(
          { requestId, holdId: row.hold_id },
          'completed a request whose hold was not pending',
        );
      }
    }
    return true;
  });
}

/**
 * The provider's prompt: the user's words and the structured prompt's fields as prose (the models document a
 * natural-language prompt, not JSON: OMNI_GUIDE in src/shared/video-models.ts), else the user's text. The JSON is
 * kept for the request page's technical info.
 */
function providerPrompt(row: RequestRow): { prompt: string; negativePrompt: string | undefined } {
  if (!row.structured_prompt) return { prompt: row.prompt, negativePrompt: undefined };
  return {
    prompt: structuredPromptText(row.prompt, row.structured_prompt),
    negativePrompt: row.structured_prompt.negative || undefined,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The provider of a project (its key): what made a generation is asked to delete it. */
function providerOf(deps: PipelineDeps) {
  return (project: string | null) => deps.providerFor?.(project) ?? deps.provider;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error)?.name === 'AbortError';
}

/**
 * One run of the job for one request. Safe to run any number of times, concurrently or after a crash: it picks up
 * wherever the stored row says the request is. Throws only for what a retry can fix (the worker stopping, the
 * database away); every other failure ends the request failed and refunded.
 */
export async function runVideoGeneration(
  deps: PipelineDeps,
  requestId: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const { signal } = options;
  const log = deps.logger.child({ requestId });
  const row = await loadRequest(deps.pool, requestId);
  if (!row) {
    log.warn('video request not found; nothing to do');
    return 'not_found';
  }
  if (FINAL_VIDEO_STATUSES.includes(row.status)) return 'already_final';

  const provider = deps.providerFor?.(row.provider_project) ?? deps.provider;
  const budget = deps.capacity?.budget;
  try {
    await pickUp(deps, row);
    // The wait in line is not the generation's: its deadline runs from the slot.
    const deadline = (row.dispatched_at ?? row.created_at).getTime() + deps.timeoutMs[row.quality];
    if (!row.operation_name && budget && !(await budget.renewIfHeld(deps.pool, row.id))) {
      // The slot lapsed (this job was retried late): back in line rather than sending without one.
      throw new Requeued('no live slot');
    }
    if (row.operation_name && deps.capacity && row.provider_project) {
      // A resumed generation is in progress at Google whatever happened to its lease.
      const model = deps.capacity.queue.modelOf(row.quality);
      await deps.capacity.budget.holdLease(deps.pool, row.id, row.provider_project, model);
    }
    const generation = await generate(deps, provider, row, deadline, log, signal);
    if (!generation) return 'already_final';
    const { video, operationName } = generation;

    if (!(await setStatus(deps.pool, row.id, 'rendering', { generated: true }))) return 'already_final';
    const media = await render(deps, provider, row, video, deadline, signal);
    const take = await deps.checkTake?.(
      {
        requestId: row.id,
        prompt: row.prompt,
        structuredPrompt: row.structured_prompt,
        videoKey: media.videoKey,
        durationSeconds: media.probe.durationSeconds,
        hasAudio: media.probe.hasAudio,
      },
      signal,
    );
    if (take?.outcome === 'reroll') {
      log.info('the take failed its check: generated again at no cost');
      await forgetRecorded(deps.pool, providerOf(deps), operationName, log);
      return 'requeued';
    }
    if (take?.outcome === 'gone') return 'already_final';
    if (take?.outcome === 'refund') {
      return (await failRequest(deps.pool, row.id, take.message, deps.enqueueNotification))
        ? 'failed'
        : 'already_final';
    }
    const completed = await completeRequest(deps, row.id, {
      videoKey: media.videoKey,
      thumbnailKey: media.thumbnailKey,
      resolution: media.resolution,
      durationSeconds: media.probe.durationSeconds,
    });
    if (!completed) {
      // The account was deleted while this video rendered: the files just written belong to no one.
      const deletion = await deps.pool.query('SELECT 1 FROM account_deletions WHERE user_id = $1', [
        row.user_id,
      ]);
      if ((deletion.rowCount ?? 0) > 0) {
        await Promise.all(
          Object.values(mediaKeys(row.user_id, row.id)).map((key) => deps.storage.delete(key)),
        );
      }
      return 'already_final';
    }
    log.info({ resolution: media.resolution, duration: media.probe.durationSeconds }, 'video completed');
    return 'completed';
  } catch (error) {
    if (error instanceof Requeued) {
      log.info({ reason: error.message }, 'video request back in the queue');
      await deps.capacity?.queue.requeue(deps.pool, row.id);
      return 'requeued';
    }
    if (error instanceof RequestFailure) {
      await budget?.release(deps.pool, row.id);
      log.warn({ kind: error.kind, reason: error.message }, 'video request failed');
      const failed = await failRequest(
        deps.pool,
        row.id,
        FAILURE_MESSAGES[error.kind],
        deps.enqueueNotification,
      );
      if (failed && error.kind === 'unknown') {
        log.error({ reason: error.message }, 'refunded with the provider outcome unknown: to reconcile');
      }
      return failed ? 'failed' : 'already_final';
    }
    // A stopping worker leaves the request as it is: the retried job resumes from the stored operation name.
    if (isAbort(error, signal) || !options.finalAttempt) throw error;
    await budget?.release(deps.pool, row.id);
    log.error({ err: error }, 'video request failed on its last attempt');
    return (await failRequest(deps.pool, row.id, FAILURE_MESSAGES.unexpected, deps.enqueueNotification))
      ? 'failed'
      : 'already_final';
  }
}

/**
 * An extension whose first frame was named at its creation is a new shot from the source's last frame
 * (src/shared/video-directing.ts `extensionPlan`); any other extension continues the model's take.
 */
function isNewShot(row: RequestRow): boolean {
  return Boolean(row.extends_request_id && row.reference_image_key);
}

/** The source's file in the model's framing (before any 1:1/4:3 crop), and whether a cropped one exists beside it. */
async function sourceFiles(deps: PipelineDeps, source: SourceRow) {
  const keys = mediaKeys(source.user_id, source.id);
  const reframed = await deps.storage.exists(keys.source);
  return { modelFraming: reframed ? keys.source : keys.video, framed: reframed ? keys.video : undefined };
}

/**
 * An extension's answer is joined to the source so the download is the whole video: a new shot is appended to the
 * film (and to its cropped copy); a continued take keeps the head of the source the answer does not contain.
 */
async function joinPlan(deps: PipelineDeps, row: RequestRow, source: SourceRow): Promise<JoinPlan> {
  const files = await sourceFiles(deps, source);
  if (isNewShot(row)) {
    return {
      kind: 'new-shot',
      head: await deps.storage.getStream(files.modelFraming),
      framedHead: files.framed ? await deps.storage.getStream(files.framed) : undefined,
    };
  }
  // The join rule of the model that made the answer: the source's, not the mode's setting of today.
  const result = deps.capabilities(row.quality, source.model).extension?.result ?? { kind: 'new-part' };
  return {
    kind: 'same-take',
    head: await deps.storage.getStream(files.modelFraming),
    headSeconds: source.duration_seconds ?? 0,
    repeatedTail:
      result.kind === 'new-part'
        ? undefined
        : { upToSeconds: result.tailSeconds, newPartSeconds: VIDEO_LENGTH_SECONDS },
  };
}

/**
 * The delivered video followed to the file (delivery.server.ts: headers and body in one retried step, until the
 * deadline — or, for a video Google finished at the last moment, DELIVERY_WINDOW_MS after it), then stored,
 * reframed, thumbnailed and probed.
 */
async function render(
  deps: PipelineDeps,
  provider: VideoProvider,
  row: RequestRow,
  video: { uri: string } | { bytes: Buffer },
  deadline: number,
  signal: AbortSignal | undefined,
) {
  const readUntil = Math.max(deadline, Date.now() + DELIVERY_WINDOW_MS);
  let delivered: DeliveredFile;
  try {
    delivered = await fetchDeliveredVideo({ ...deps, provider }, video, readUntil, signal);
  } catch (error) {
    if (error instanceof DeliveryFailure) throw new RequestFailure(error.kind, error.message);
    throw error;
  }
  try {
    const extended = row.extends_request_id ? await loadSource(deps.pool, row) : undefined;
    return await renderResult({
      source: delivered,
      join: extended ? await joinPlan(deps, row, extended) : undefined,
      storage: deps.storage,
      userId: row.user_id,
      requestId: row.id,
      aspectRatio: row.aspect_ratio,
      tools: deps.tools,
      signal,
    });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new RequestFailure('render', (error as Error).message);
  } finally {
    await delivered.discard();
  }
}

/** The source's last frame, written under the key the request names unless a branch already wrote it. */
async function ensureLastFrame(
  deps: PipelineDeps,
  source: SourceRow,
  key: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (await deps.storage.exists(key)) return;
  try {
    const video = await deps.storage.getStream((await sourceFiles(deps, source)).modelFraming);
    await storeLastFrame({ video, storage: deps.storage, key, tools: deps.tools, signal });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new RequestFailure('render', `could not take the source's last frame: ${(error as Error).message}`);
  }
}

async function readImage(deps: PipelineDeps, key: string): Promise<ProviderImage> {
  const bytes = await readAll(await deps.storage.getStream(key));
  const mimeType = detectImageType(bytes);
  if (!mimeType) throw new RequestFailure('provider', 'stored reference image is not an image');
  return { bytes, mimeType };
}

/** First pick-up: pending → processing (and the webhook, in the same transaction); later runs count the attempt. */
async function pickUp(deps: PipelineDeps, row: RequestRow): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    const picked = await client.query(
      `UPDATE video_requests
       SET status = 'processing', started_at = COALESCE(started_at, now()), attempts = attempts + 1,
           updated_at = now()
       WHERE id = $1 AND status = 'pending'`,
      [row.id],
    );
    if (picked.rowCount === 1) {
      // Once per request: a request back in line (a 429, a take's re-roll) was started before.
      if (!row.started_at) await deps.enqueueWebhook?.(client, row.id);
      return;
    }
    // A resumed run keeps its status (no going back from generating to processing); it only counts itself.
    await client.query(
      `UPDATE video_requests SET attempts = attempts + 1, started_at = COALESCE(started_at, now())
       WHERE id = $1 AND ${FINAL_SQL}`,
      [row.id],
    );
  });
}

function remaining(deadline: number): number {
  return deadline - Date.now();
}

/**
 * After the hold, before the only submit: the text model writes the structured prompt (its own fallback is the
 * rules' prompt, which the request already has). Stored so the technical info shows what the video model read.
 */
async function withWrittenPrompt(
  deps: PipelineDeps,
  row: RequestRow,
  signal: AbortSignal | undefined,
): Promise<RequestRow> {
  const builtBy = row.structured_prompt?.builtBy ?? STRUCTURED_PROMPT_RULES;
  if (!deps.writePrompt || builtBy !== STRUCTURED_PROMPT_RULES) return row;
  const written = await deps.writePrompt(row.prompt, signal);
  if (written.builtBy === STRUCTURED_PROMPT_RULES) return row;
  await deps.pool.query(
    `UPDATE video_requests SET structured_prompt = $2, updated_at = now()
     WHERE id = $1 AND operation_name IS NULL AND ${FINAL_SQL}`,
    [row.id, JSON.stringify(written)],
  );
  return { ...row, structured_prompt: written };
}

/**
 * A video Google finished is read for at least this long after the poll that named it, even past the request's
 * deadline: it is made and billed, and the file service's bad minute is no reason to refund it.
 */
const DELIVERY_WINDOW_MS = 10 * 60_000;

/**
 * How long a create may still be waiting for its answer in another run (the client's request timeout and its
 * retries of a connection that never opened): a mark younger than this is left to that run.
 */
const CREATE_ANSWER_WINDOW_MS = 5 * 60_000;

/** Marks the create as sent; false when the request is final or another run marked it first. */
async function markCreateSent(pool: pg.Pool, requestId: string): Promise<boolean> {
  const marked = await pool.query(
    `UPDATE video_requests SET create_sent_at = now(), updated_at = now()
     WHERE id = $1 AND operation_name IS NULL AND create_sent_at IS NULL AND ${FINAL_SQL}`,
    [requestId],
  );
  return marked.rowCount === 1;
}

/**
 * `markCreateSent`, and when it cannot be written (the database away) the slot goes back at once, best effort: the
 * retried job finds no live slot and waits in line again, instead of the slot sitting unused until its lease lapses.
 */
async function markCreateSentOrFreeSlot(deps: PipelineDeps, requestId: string): Promise<boolean> {
  try {
    return await markCreateSent(deps.pool, requestId);
  } catch (error) {
    await deps.capacity?.budget.release(deps.pool, requestId).catch(() => undefined);
    throw error;
  }
}

/** The provider refused the create before starting anything (a 4xx, a 429, no connection): it may be sent again. */
async function clearCreateSent(pool: pg.Pool, requestId: string): Promise<void> {
  await pool.query(
    'UPDATE video_requests SET create_sent_at = NULL WHERE id = $1 AND operation_name IS NULL',
    [requestId],
  );
}

/**
 * A create sent by an earlier run whose answer was never stored (the worker died while waiting for it, or the
 * database was away when it came). Neither of Google's APIs can say what it accepted for Cena (the Interactions
 * API has get, cancel and delete by id only, `@google/genai` 3.1.0; an operation is named by its answer alone), so
 * the request is refunded and recorded for reconciliation rather than paid twice (ADR 0015).
 */
function unansweredCreate(row: RequestRow): RequestFailure | undefined {
  if (!row.create_sent_at) return undefined;
  const age = Date.now() - row.create_sent_at.getTime();
  // Still possibly waiting in another run: that run stores the answer; this one is retried later.
  if (age < CREATE_ANSWER_WINDOW_MS)
    throw new Error('a create of this request may still be waiting for its answer');
  return new RequestFailure(
    'unknown',
    `a create sent at ${row.create_sent_at.toISOString()} was never answered`,
  );
}

/** An extension or edit is made by its source's model (stored with it at its creation), not today's setting. */
function sourceModel(row: RequestRow): string | undefined {
  return (row.extends_request_id ?? row.edits_request_id) ? (row.model ?? undefined) : undefined;
}

/** Submits once and stores the operation name at once; returns undefined when the request became final. */
async function submit(
  deps: PipelineDeps,
  provider: VideoProvider,
  row: RequestRow,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const unanswered = unansweredCreate(row);
  if (unanswered) throw unanswered;
  if (remaining(deadline) <= 0) throw new RequestFailure('timeout', 'deadline passed before submitting');
  // An extension or an edit sends the user's own words to the model that holds the scene: nothing to expand.
  if (!row.extends_request_id && !row.edits_request_id) row = await withWrittenPrompt(deps, row, signal);
  const source = await loadSource(deps.pool, row);
  const newShot = isNewShot(row);
  if (newShot && source && row.reference_image_key) {
    await ensureLastFrame(deps, source, row.reference_image_key, signal);
  }
  const image = row.reference_image_key ? await readImage(deps, row.reference_image_key) : undefined;
  const lastFrame = row.last_frame_key ? await readImage(deps, row.last_frame_key) : undefined;
  const referenceImages: ProviderImage[] = [];
  for (const key of row.reference_image_keys) referenceImages.push(await readImage(deps, key));
  // A new shot is a new video (image-to-video) that opens on the source's last frame; Cena joins it.
  const derivation =
    source && !newShot
      ? {
          kind: row.extends_request_id ? ('extend' as const) : ('edit' as const),
          sourceOperationName: source.operation_name,
          sourceDurationSeconds: source.duration_seconds ?? 0,
        }
      : undefined;
  // A continued take is made by its source's model; a new shot is a new video, by the mode's model of today.
  const model = newShot ? undefined : sourceModel(row);
  const { prompt, negativePrompt } = providerPrompt(row);
  // Only 16:9 and 9:16 are asked for; 1:1 and 4:3 are cropped from 16:9 in the rendering step.
  const aspectRatio = providerAspectRatio(row.aspect_ratio);
  let delay = deps.poll.initialMs;
  for (;;) {
    if (deps.capacity && row.provider_project) {
      const budgetModel = deps.capacity.queue.modelOf(row.quality);
      await deps.capacity.budget.sending(deps.pool, row.id, row.provider_project, budgetModel);
    }
    if (!(await markCreateSentOrFreeSlot(deps, row.id))) return undefined;
    let operationName: string;
    try {
      // Without the job's signal: a stopping worker still waits for the answer (the client's timeout bounds it)
      // and stores the name below, so a generation Google accepted is never left without one.
      ({ operationName } = await provider.submit({
        requestId: row.id,
        model,
        prompt,
        userPrompt: row.prompt,
        negativePrompt,
        quality: row.quality,
        aspectRatio,
        seed: row.seed,
        image,
        lastFrame,
        referenceImages,
        derivation,
        continuesShot: newShot,
      }));
    } catch (error) {
      if (error instanceof ProviderOutcomeUnknownError) throw new RequestFailure('unknown', error.message);
      await clearCreateSent(deps.pool, row.id);
      if (isAbort(error, signal)) throw error;
      if (error instanceof ProviderQuotaError && deps.capacity && row.provider_project) {
        const budgetModel = deps.capacity.queue.modelOf(row.quality);
        await deps.capacity.budget.throttled(deps.pool, row.id, row.provider_project, budgetModel, error);
        throw new Requeued(`provider quota: ${error.message}`);
      }
      // Without the shared budget (the pipeline's own tests) a 429 is waited out here, as Google asks.
      if (!(error instanceof TransientProviderError))
        throw new RequestFailure('provider', (error as Error).message);
      if (remaining(deadline) <= 0)
        throw new RequestFailure('timeout', `submit kept failing: ${error.message}`);
      const asked = error instanceof ProviderQuotaError ? (error.retryAfterMs ?? delay) : delay;
      await sleep(Math.min(Math.max(delay, asked), Math.max(0, remaining(deadline))), undefined, { signal });
      delay = Math.min(delay * 1.5, deps.poll.maxMs);
      continue;
    }
    const stored = await setStatus(deps.pool, row.id, 'generating', {
      operationName,
      provider: provider.name,
      model: model ?? provider.model(row.quality),
    });
    if (deps.capacity && row.provider_project) {
      const budgetModel = deps.capacity.queue.modelOf(row.quality);
      await deps.capacity.budget.succeeded(deps.pool, row.provider_project, budgetModel);
    }
    if (!stored) {
      const generation = {
        operationName,
        userId: row.user_id,
        requestId: row.id,
        providerProject: row.provider_project,
      };
      await abandonGeneration(
        deps.pool,
        providerOf(deps),
        generation,
        deps.logger.child({ requestId: row.id }),
      );
    }
    return stored ? operationName : undefined;
  }
}

/**
 * The create (unless one was stored) and the wait for its video, with the slot renewed all along by a heartbeat of
 * its own; the slot is released when the generation ends. Undefined when the request became final meanwhile.
 */
async function generate(
  deps: PipelineDeps,
  provider: VideoProvider,
  row: RequestRow,
  deadline: number,
  log: Logger,
  signal: AbortSignal | undefined,
): Promise<{ operationName: string; video: { uri: string } | { bytes: Buffer } } | undefined> {
  const budget = deps.capacity?.budget;
  const heartbeat =
    deps.capacity && row.provider_project
      ? startSlotHeartbeat({
          pool: deps.pool,
          budget: deps.capacity.budget,
          requestId: row.id,
          project: row.provider_project,
          model: deps.capacity.queue.modelOf(row.quality),
          log,
        })
      : undefined;
  try {
    const operationName = row.operation_name ?? (await submit(deps, provider, row, deadline, signal));
    if (!operationName) {
      // Settled by someone else before anything was sent: its slot is free again now, not when the lease lapses.
      await heartbeat?.stop();
      await budget?.release(deps.pool, row.id);
      return undefined;
    }
    const video = await waitForVideo(deps, provider, row, operationName, deadline, log, signal);
    await heartbeat?.stop();
    await budget?.release(deps.pool, row.id);
    return { operationName, video };
  } finally {
    await heartbeat?.stop();
  }
}

async function waitForVideo(
  deps: PipelineDeps,
  provider: VideoProvider,
  row: RequestRow,
  operationName: string,
  deadline: number,
  log: Logger,
  signal: AbortSignal | undefined,
): Promise<{ uri: string } | { bytes: Buffer }> {
  const events = deps.providerEvents;
  let delay = events?.pollMs ?? deps.poll.initialMs;
  let finishing = false;
  for (;;) {
    const polledAt = Date.now();
    let result: PollResult | undefined;
    try {
      result = await provider.poll(operationName, signal);
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      // 5xx, timeouts and dropped connections are not the provider's answer about an accepted (billed) generation:
      // it is read again until its deadline.
      if (!(error instanceof TransientProviderError))
        throw new RequestFailure('provider', (error as Error).message);
      log.warn({ err: error }, 'polling the provider failed; trying again');
    }
    if (result?.done) {
      if ('video' in result) return result.video;
      if ('blocked' in result) {
        throw new RequestFailure(
          'blocked',
          `safety filter: ${result.blocked.join('; ') || 'no reason given'}`,
        );
      }
      // Still open at the provider (waiting for the client): stopped and deleted before the refund.
      if (result.open) await stopGeneration(provider, operationName, log, signal);
      throw new RequestFailure(
        'provider',
        `provider error ${result.error.code ?? ''}: ${result.error.message}`,
      );
    }
    if (remaining(deadline) <= 0) {
      // No answer at all (5xx, timeouts): a generation in an unknown state — perhaps finished, with its video — is
      // not cancelled blind; it is asked again, for a while, until the provider says where it stands.
      if (!result) {
        if (remaining(deadline) < -DEADLINE_ANSWER_GRACE_MS)
          throw new RequestFailure('timeout', 'the provider never answered after the deadline');
        await sleep(delay, undefined, { signal });
        delay = Math.min(delay * 1.5, deps.poll.maxMs);
        continue;
      }
      // Given up on: stopped (and deleted) at the provider before the refund, unless it finished as it was
      // given up on — then it is read once more, and a video it made is delivered.
      if (!finishing && (await stopGeneration(provider, operationName, log, signal)) === 'finished') {
        finishing = true;
        continue;
      }
      throw new RequestFailure('timeout', `not done after ${deps.timeoutMs[row.quality]} ms`);
    }
    const wait = Math.min(delay, remaining(deadline));
    await (events ? events.wait(operationName, polledAt, wait, signal) : sleep(wait, undefined, { signal }));
    delay = events?.pollMs ?? Math.min(delay * 1.5, deps.poll.maxMs);
  }
}

/**
 * Past its deadline a generation the provider does not answer about is asked again this long before the request
 * is refunded without stopping it (its state unknown, it may be done).
 */
const DEADLINE_ANSWER_GRACE_MS = 5 * 60_000;
