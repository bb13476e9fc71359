import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { createCapacity, LOCAL_PROJECT, projectsOf, startDispatcher } from '#server/capacity/capacity.server';
import type { Config } from '#server/config.server';
import { GeminiClient, GeminiVideoProvider, ProviderWake } from '#server/gemini/gemini.server';
import { QUEUES, send } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import {
  bundledFfmpegWarning,
  describeMediaToolchain,
  type MediaToolchain,
  resolveMediaToolchain,
} from '#server/media/media.server';
import { type ContentCredentials, createContentCredentials } from '#server/provenance/provenance.server';
import { paidWithTrialCredits } from '#server/trial/trial.server';
import {
  forgetLeftovers,
  LocalVideoProvider,
  type VideoProvider,
} from '#server/video-providers/video-providers.server';
import { capabilitiesOf } from '#server/video-requests/video-requests.server';
import {
  FAILURE_MESSAGES,
  failRequest,
  type PipelineDeps,
  type PipelineReadStorage,
  runVideoGeneration,
} from './generate-video.job.server';
import { sharedCapacity } from './generation-capacity.server';
import { createPromptWriter, type PromptWriter } from './prompt-writer.server';
import { createSubjectJudge } from './take-check/subject-judge.server';
import { createTakeGuarantee } from './take-check/take-guarantee.server';
import { sendVideoWebhook } from './webhook.job.server';

/**
 * Wires the pipeline into pg-boss for the worker role: the queues' retry policy, the `video-generate` worker,
 * the dead-letter worker that refunds what the retries could not finish, and the `video-webhook` worker.
 */

/** `video-generate` jobs one worker process runs at once: the slots it offers the dispatcher. */
const VIDEO_JOBS_PER_WORKER = 4;

/** Jobs that ran out of retries (killed workers, database trouble) land here and are failed and refunded. */
const VIDEO_GENERATE_DEAD_QUEUE = 'video-generate-dead';

type RequestJob = { requestId: string };

export function videoGenerateQueueOptions(config: Config['video']) {
  const longestTimeoutSeconds = Math.ceil(Math.max(config.timeoutMs.fast, config.timeoutMs.quality) / 1000);
  return {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 300,
    // Above the longest timeout: a live run ends (completed, failed or timed out) before pg-boss expires it.
    expireInSeconds: longestTimeoutSeconds + 600,
    // A killed worker stops sending heartbeats: its job is retried within ~30 s, not after the expiration.
    heartbeatSeconds: 30,
    deadLetter: VIDEO_GENERATE_DEAD_QUEUE,
  };
}

const VIDEO_WEBHOOK_QUEUE_OPTIONS = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 60,
};

/** One provider per Google Cloud project (each with its key); the local renderer is one. */
function createVideoProviders(config: Config, toolchain: MediaToolchain): Map<string, VideoProvider> {
  const video = config.video;
  if (video.provider === 'gemini') {
    if (video.gemini.projects.length === 0)
      throw new Error('GEMINI_API_KEY is required with VIDEO_PROVIDER=gemini');
    return new Map(
      video.gemini.projects.map(({ project, apiKey }) => [
        project,
        new GeminiVideoProvider(
          new GeminiClient({ apiKey, apiBase: video.gemini.apiBase }),
          video.gemini.models,
        ),
      ]),
    );
  }
  return new Map([[LOCAL_PROJECT, createLocalProvider(config, toolchain)]]);
}

function createLocalProvider(config: Config, toolchain: MediaToolchain): VideoProvider {
  const dir = path.join(config.dataDir, 'local-renders');
  return new LocalVideoProvider({
    dir,
    delayMs: config.video.localRenderDelayMs,
    ffmpegPath: toolchain.ffmpeg.path,
    fontFile: toolchain.fonts.regular,
    cache: { dir: path.join(dir, 'cache'), maxBytes: config.video.localRenderCacheBytes },
  });
}

/**
 * The queues' retry policy. pg-boss copies a queue's policy into each job when it is sent, so every process — the
 * web process that sends jobs too — sets it at start, before any job can be sent with the defaults.
 */
export async function configureVideoQueues(
  boss: PgBoss,
  config: Config,
  overrides: Partial<ReturnType<typeof videoGenerateQueueOptions>> = {},
): Promise<void> {
  // The dead-letter queue must exist before a queue can name it.
  await boss.createQueue(VIDEO_GENERATE_DEAD_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
  await boss.updateQueue(QUEUES.videoGenerate, { ...videoGenerateQueueOptions(config.video), ...overrides });
  await boss.updateQueue(QUEUES.videoWebhook, VIDEO_WEBHOOK_QUEUE_OPTIONS);
}

export interface VideoWorkersOptions {
  boss: PgBoss;
  pool: pg.Pool;
  config: Config;
  logger: Logger;
  storage: PipelineReadStorage;
  /** Tests pass a provider (the fake Gemini API) and shorter polling. */
  provider?: VideoProvider;
  /** The structured prompt's writer; default: the Gemini text model when a key is set, else the rules. */
  writePrompt?: PromptWriter;
  /** The model check's answer for PROMPT_MODEL (the default writer skips an unserved text model). */
  promptModelServed?: () => boolean;
  poll?: PipelineDeps['poll'];
  /** For the webhook's reference_image_url. */
  signedImageUrl?: (key: string) => Promise<string>;
  /** Jobs worked at once by this process. */
  concurrency?: number;
  /** Tests shorten the retry delay so a restarted worker picks a job up in about a second. */
  queueOptions?: Partial<ReturnType<typeof videoGenerateQueueOptions>>;
  /** pg-boss polling interval for the video queue, in seconds. */
  pollingIntervalSeconds?: number;
  /** How often the fair queue is dispatched; default 500 ms. */
  dispatchIntervalMs?: number;
  /** The benchmark's compressed minute and shorter leases. */
  capacityClock?: Parameters<typeof createCapacity>[2];
  /**
   * Runs in the transaction that writes completed or failed, beside the owner's e-mail job: the customer's
   * webhooks record their event there (customer-webhooks, ADR 0064).
   */
  onSettled?: (client: pg.PoolClient, requestId: string) => Promise<unknown>;
  /** Content Credentials (ADR 0065); default: the configured signer, the development one in local mode. */
  credentials?: ContentCredentials;
}

export interface VideoWorkers {
  /** Stops dispatching (pg-boss stops the jobs themselves). */
  stop(): Promise<void>;
  /**
   * Ends the providers' own work in this process (the local renderer's ffmpeg), once the jobs have stopped: a job
   * still running would read an ended render as a failure.
   */
  closeProviders(): Promise<void>;
  /** The provider (and so the key) of a project: what made a stored generation is asked to delete it. */
  providerFor(project: string | null): VideoProvider;
  /**
   * What a request settled outside the pipeline (a story's shot failed by the stories' sweep, ADR 0062) is told
   * with, in its transaction: the same e-mail, push and live event as a request the pipeline settles.
   */
  notifySettled: NonNullable<EnqueueNotification>;
}

/** Before any job: a worker that cannot render would fail (and refund) every video it picks up. */
async function resolveWorkerToolchain(config: Config, logger: Logger): Promise<MediaToolchain> {
  const toolchain = await resolveMediaToolchain({
    ffmpegPath: config.video.ffmpegPath,
    ffprobePath: config.video.ffprobePath,
  });
  logger.info(
    {
      ffmpeg: toolchain.ffmpeg,
      ffprobe: toolchain.ffprobe,
      font: toolchain.fonts.regular,
      skipped: toolchain.skipped,
    },
    describeMediaToolchain(toolchain),
  );
  const outdated = bundledFfmpegWarning(toolchain);
  if (outdated) logger.warn(outdated);
  return toolchain;
}

interface WorkerProviders {
  providers: Map<string, VideoProvider>;
  firstProvider: VideoProvider;
  providerFor: (project: string | null) => VideoProvider;
}

function workerProviders(options: VideoWorkersOptions, toolchain: MediaToolchain): WorkerProviders {
  const { config } = options;
  const providers = options.provider
    ? new Map(projectsOf(config.video).map((project) => [project, options.provider as VideoProvider]))
    : createVideoProviders(config, toolchain);
  const firstProvider = providers.values().next().value;
  if (!firstProvider) throw new Error('no video provider configured');
  const providerFor = (project: string | null) =>
    (project ? providers.get(project) : undefined) ?? firstProvider;
  return { providers, firstProvider, providerFor };
}

type EnqueueNotification = PipelineDeps['enqueueNotification'];

interface PipelineParts {
  toolchain: MediaToolchain;
  providers: WorkerProviders;
  capacity: ReturnType<typeof createCapacity>;
  wake: ProviderWake | undefined;
  enqueueNotification: EnqueueNotification;
}

/**
 * Asking the local renderer is a file check, and its renders take seconds: poll it often. A finished generation
 * holds its provider slot until the next poll sees it, so Gemini is asked at least every 8 s: a slot idles at most
 * that long (a read of the interaction, not a create). VIDEO_POLL_MS, when set, is every read's interval.
 */
export function providerPoll(video: Config['video']): PipelineDeps['poll'] {
  if (video.pollMs !== undefined) return { initialMs: video.pollMs, maxMs: video.pollMs };
  return video.provider === 'local' ? { initialMs: 500, maxMs: 2_000 } : { initialMs: 5_000, maxMs: 8_000 };
}

function pipelineDeps(options: VideoWorkersOptions, parts: PipelineParts): PipelineDeps {
  const { boss, pool, config, logger } = options;
  const { toolchain, providers, capacity, wake, enqueueNotification } = parts;
  const webhook = config.video.webhook;
  const geminiWebhook = config.video.provider === 'gemini' ? config.video.gemini.webhook : undefined;
  const tools = {
    ffmpegPath: toolchain.ffmpeg.path,
    ffprobePath: toolchain.ffprobe.path,
    timeoutMs: 120_000,
  };
  return {
    pool,
    provider: providers.firstProvider,
    providerFor: providers.providerFor,
    capacity: sharedCapacity(capacity),
    storage: options.storage,
    tools,
    logger,
    capabilities: capabilitiesOf(config.video),
    timeoutMs: config.video.timeoutMs,
    poll: options.poll ?? providerPoll(config.video),
    providerEvents:
      wake && geminiWebhook
        ? { pollMs: geminiWebhook.pollMs, wait: (...args) => wake.wait(...args) }
        : undefined,
    enqueueWebhook: webhook
      ? async (client, requestId) => {
          await send(boss, QUEUES.videoWebhook, { requestId }, { db: client });
        }
      : undefined,
    enqueueNotification,
    writePrompt:
      options.writePrompt ?? createPromptWriter(config, logger, { served: options.promptModelServed }),
    trialMark: config.trial.watermark
      ? {
          fontFile: toolchain.fonts.regular,
          paidWithTrial: (requestId) => paidWithTrialCredits(pool, requestId),
        }
      : undefined,
    credentials: options.credentials ?? createContentCredentials(config.provenance, logger),
    checkTake: createTakeGuarantee({
      pool,
      storage: options.storage,
      tools,
      logger,
      strictness: config.video.takeCheck.strictness,
      judge: createSubjectJudge(config, logger),
    }),
  };
}

async function workGenerateQueue(
  options: VideoWorkersOptions,
  deps: PipelineDeps,
  dispatcher: { nudge(): void },
  concurrency: number,
): Promise<void> {
  await options.boss.work(
    QUEUES.videoGenerate,
    {
      localConcurrency: concurrency,
      includeMetadata: true,
      ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
    },
    async ([job]: JobWithMetadata<RequestJob>[]) => {
      if (!job) return;
      try {
        await runVideoGeneration(deps, job.data.requestId, {
          signal: job.signal,
          finalAttempt: job.retryCount >= job.retryLimit,
        });
      } finally {
        // A slot may have been freed (or the request put back in line): the next in line need not wait a tick.
        dispatcher.nudge();
      }
    },
  );
}

async function workDeadLetters(
  options: VideoWorkersOptions,
  enqueueNotification: EnqueueNotification,
): Promise<void> {
  const { boss, pool, logger } = options;
  await boss.work<RequestJob>(VIDEO_GENERATE_DEAD_QUEUE, async ([job]) => {
    if (!job) return;
    // The request may have been settled by a later run; failRequest is a no-op then.
    if (await failRequest(pool, job.data.requestId, FAILURE_MESSAGES.unexpected, enqueueNotification)) {
      logger.error(
        { requestId: job.data.requestId },
        'video job ran out of retries; request failed and refunded',
      );
    }
  });
}

async function workWebhooks(options: VideoWorkersOptions): Promise<void> {
  const { boss, pool, logger } = options;
  const webhook = options.config.video.webhook;
  await boss.work(
    QUEUES.videoWebhook,
    { includeMetadata: true },
    async ([job]: JobWithMetadata<RequestJob>[]) => {
      if (!job || !webhook) return;
      try {
        await sendVideoWebhook(
          {
            pool,
            url: webhook.url,
            secret: webhook.secret,
            logger,
            signedImageUrl: options.signedImageUrl,
          },
          job.data.requestId,
        );
      } catch (error) {
        const final = job.retryCount >= job.retryLimit;
        logger[final ? 'error' : 'warn'](
          { err: error, requestId: job.data.requestId, attempt: job.retryCount + 1 },
          final ? 'video webhook failed for good' : 'video webhook failed; will retry',
        );
        throw error;
      }
    },
  );
}

export async function registerVideoWorkers(options: VideoWorkersOptions): Promise<VideoWorkers> {
  const { boss, pool, config, logger } = options;
  const enqueueNotification: NonNullable<EnqueueNotification> = async (client, requestId) => {
    await send(boss, QUEUES.videoNotify, { requestId }, { db: client });
    await options.onSettled?.(client, requestId);
  };
  const toolchain = await resolveWorkerToolchain(config, logger);
  const providers = workerProviders(options, toolchain);
  const capacity = createCapacity(config.video, boss, options.capacityClock);
  // With Google's webhooks, the web process that receives an event wakes the job here (ADR 0018).
  const geminiWebhook = config.video.provider === 'gemini' ? config.video.gemini.webhook : undefined;
  const wake = geminiWebhook ? new ProviderWake(pool, logger) : undefined;
  await wake?.start();
  const deps = pipelineDeps(options, { toolchain, providers, capacity, wake, enqueueNotification });

  await configureVideoQueues(boss, config, options.queueOptions);
  const concurrency = options.concurrency ?? VIDEO_JOBS_PER_WORKER;
  const dispatcher = startDispatcher({
    worker: { id: randomUUID(), slots: concurrency },
    pool,
    capacity,
    logger,
    intervalMs: options.dispatchIntervalMs ?? 500,
    maxWaitMs: config.video.capacity.maxWaitMs,
    failOverdue: (requestId) =>
      failRequest(pool, requestId, FAILURE_MESSAGES.capacity, enqueueNotification, true),
  });
  await workGenerateQueue(options, deps, dispatcher, concurrency);
  await workDeadLetters(options, enqueueNotification);
  await workWebhooks(options);
  // Generations whose deletion at Google failed earlier (provider_leftovers) are tried again at every start.
  forgetLeftovers(pool, providers.providerFor, logger).catch((error: unknown) =>
    logger.warn({ err: error }, 'could not retry deleting recorded generations at Google'),
  );
  return {
    async stop() {
      await dispatcher.stop();
      await wake?.stop();
    },
    providerFor: providers.providerFor,
    notifySettled: enqueueNotification,
    async closeProviders() {
      await Promise.all([...providers.providers.values()].map((provider) => provider.close?.()));
    },
  };
}
