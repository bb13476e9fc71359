import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import {
  configureAccountDeletionQueue,
  registerAccountDeletionWorker,
} from '#server/account-rights/account-rights.server';
import {
  authIpAddress,
  type CenaAuth,
  createAuth,
  resolveAuthSecret,
} from '#server/accounts/accounts.server';
import { registerPrepaidWorker, registerReceiptWorker, withdrawalRule } from '#server/billing/billing.server';
import { createTranscriber, registerCaptionsWorker } from '#server/captions/captions.server';
import {
  createVideoViewer,
  customerEventEmitter,
  emitVideoEvent,
  registerCustomerWebhookWorker,
  secretSealingKey,
} from '#server/customer-webhooks/customer-webhooks.server';
import { openDatabase } from '#server/db/open-database.server';
import { registerFilmWorker } from '#server/films/films.server';
import {
  configureVideoQueues,
  registerVideoWorkers,
  type VideoWorkers,
} from '#server/generation/generation.server';
import { createApp } from '#server/http/app.server';
import { type HttpServer, listen } from '#server/http/listen.server';
import { registerInviteSweep } from '#server/invites/invites.server';
import { type Jobs, startJobs } from '#server/jobs/jobs.server';
import { answerClientErrors } from '#server/kernel/client-errors.server';
import { createMailer } from '#server/mail/mail.server';
import { resolveMediaToolchain } from '#server/media/media.server';
import { registerCounterCompaction } from '#server/metrics/metrics.server';
import { registerNfseWorker } from '#server/notas-fiscais/notas-fiscais.server';
import { registerNotificationWorker } from '#server/notifications/notifications.server';
import { createBilling } from '#server/payment-providers/payment-providers.server';
import { createContentCredentials } from '#server/provenance/provenance.server';
import {
  pushEndpointPolicy,
  registerPushWorker,
  resolveVapidIdentity,
  type VapidIdentity,
} from '#server/push/push.server';
import { RealtimeHub } from '#server/realtime/realtime.server';
import { honouringTakedowns } from '#server/reports/reports.server';
import { type BlobStorage, createStorage } from '#server/storage/storage.server';
import { startStoryAdvance } from '#server/stories/stories.server';
import { createNewAccountHooks, registerTrialRetention } from '#server/trial/trial.server';
import { capabilitiesOf } from '#server/video-requests/video-requests.server';
import { createModelAvailability, type ModelAvailability } from '#server/videos/videos.server';
import {
  registerWithdrawalConfirmationWorker,
  registerWithdrawalSweep,
} from '#server/withdrawals/withdrawals.server';
import type { Config } from './config.server';
import type { Logger } from './logger.server';

export type Role = 'web' | 'worker' | 'all';

export interface RunningCena {
  /** Base URL of the web process, when this process serves HTTP. */
  url: string | undefined;
  pool: pg.Pool;
  /** The job queue (pg-boss), started in every role: web sends jobs, the worker works them. */
  jobs: Jobs;
  /** Reference images and videos (STORAGE_DRIVER). */
  storage: BlobStorage;
  stop(): Promise<void>;
}

/** Stop accepting connections, let in-flight requests finish, and cut what is still open after the timeout. */
function closeHttpServer(server: HttpServer, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

/** What this process has started so far: stopping, and aborting a half-started process, close what is here. */
interface StartedParts {
  database: Awaited<ReturnType<typeof openDatabase>>;
  server?: HttpServer;
  realtime?: RealtimeHub;
  accounts?: CenaAuth;
  jobs?: Jobs;
  modelAvailability?: ModelAvailability;
  videoWorkers?: VideoWorkers;
  /** The sweep that moves stories on (ADR 0062). */
  storyAdvance?: { stop(): Promise<void> };
}

/** What both tiers use: the job queue, storage, the auth secret and the video models' availability. */
interface SharedServices {
  jobs: Jobs;
  storage: BlobStorage;
  authSecret: string;
  availability: ModelAvailability;
  vapid: VapidIdentity;
}

async function startSharedServices(
  config: Config,
  logger: Logger,
  parts: StartedParts,
): Promise<SharedServices> {
  const jobs = await startJobs(parts.database.url, logger);
  parts.jobs = jobs;
  await configureVideoQueues(jobs.boss, config);
  await configureAccountDeletionQueue(jobs.boss);
  const authSecret = await resolveAuthSecret(config, logger);
  const vapid = await resolveVapidIdentity(config, logger);
  // Every writer of a video's files goes through it: a job finishing after a takedown stores out of reach (ADR 0070).
  const storage = honouringTakedowns(createStorage(config, authSecret), parts.database.pool);
  // Every process checks the configured video models itself: the web refuses creates of an unserved mode, the
  // worker logs it (design §5). In-process state, so no process waits on another's check.
  const availability = createModelAvailability(config, logger);
  parts.modelAvailability = availability;
  availability.start();
  return { jobs, storage, authSecret, availability, vapid };
}

/** Accounts, the realtime hub and the HTTP server; resolves to the server's base URL. */
async function startWebTier(
  config: Config,
  logger: Logger,
  role: Role,
  parts: StartedParts,
  shared: SharedServices,
): Promise<string> {
  const { pool } = parts.database;
  const mailer = createMailer(config, pool, logger);
  const newAccounts = createNewAccountHooks({
    pool,
    trial: config.trial,
    secret: shared.authSecret,
    ipAddress: authIpAddress(config),
    secureCookies: config.isProduction,
    logger: logger.child({ component: 'auth' }),
  });
  const accounts = createAuth({ config, logger, pool, mailer, secret: shared.authSecret, newAccounts });
  parts.accounts = accounts;
  const realtime = new RealtimeHub(parts.database.url, logger);
  parts.realtime = realtime;
  const sessions = accounts.sessions;
  realtime.onSessionChange((userId) => (userId ? sessions.forgetUser(userId) : sessions.forgetAll()));
  await realtime.start();
  const app = createApp({
    config,
    logger,
    pool,
    jobs: shared.jobs,
    storage: shared.storage,
    auth: accounts.auth,
    sessions: accounts.sessions,
    authSecret: shared.authSecret,
    realtime,
    devMailbox: mailer.devMailbox,
    modelAvailability: shared.availability,
    pushPublicKey: shared.vapid.publicKey,
  });
  const server = await listen(app, config);
  parts.server = server;
  answerClientErrors(server, logger);
  const { port } = server.address() as AddressInfo;
  logger.info({ port, role }, `Cena is listening on http://localhost:${port}`);
  return `http://127.0.0.1:${port}`;
}

/** The video pipeline's workers and the other background jobs. */
async function startWorkerTier(
  config: Config,
  logger: Logger,
  parts: StartedParts,
  shared: SharedServices,
): Promise<void> {
  const { pool } = parts.database;
  const { jobs, storage, availability } = shared;
  const videoWorkers = await registerVideoWorkers({
    boss: jobs.boss,
    pool,
    config,
    logger,
    storage,
    promptModelServed: () => availability.promptModelServed(),
    // The webhook's receiver is outside: a day-long signed URL, absolute (disk URLs are paths).
    signedImageUrl: async (key) => {
      const signed = await storage.signedUrl(key, { ttlSeconds: 24 * 60 * 60 });
      return signed.startsWith('/') ? `${config.appUrl}${signed}` : signed;
    },
    onSettled: (client, requestId) => emitVideoEvent(client, jobs.boss, requestId),
  });
  parts.videoWorkers = videoWorkers;
  await registerNotificationWorker(jobs.boss, {
    pool,
    boss: jobs.boss,
    mailer: createMailer(config, pool, logger),
    appUrl: config.appUrl,
    logger,
  });
  await registerPushWorker(jobs.boss, {
    pool,
    vapid: shared.vapid,
    appUrl: config.appUrl,
    logger,
    outbound: pushEndpointPolicy(config.push.extraOrigins),
  });
  await startCustomerWebhooks(config, logger, pool, shared);
  await registerCounterCompaction(jobs.boss, pool, logger);
  await registerTrialRetention(jobs.boss, pool, logger);
  await registerReceiptWorker(jobs.boss, {
    pool,
    mailer: createMailer(config, pool, logger),
    appUrl: config.appUrl,
    logger,
  });
  await registerWithdrawalConfirmationWorker(jobs.boss, {
    pool,
    mailer: createMailer(config, pool, logger),
    appUrl: config.appUrl,
    logger,
  });
  await registerPrepaidWorker(jobs.boss, {
    pool,
    mailer: createMailer(config, pool, logger),
    appUrl: config.appUrl,
    logger,
  });
  const billing = createBilling(config, pool, logger);
  await registerWithdrawalSweep(jobs.boss, { pool, provider: billing.provider, logger });
  await registerInviteSweep(jobs.boss, { pool, withdrawals: withdrawalRule }, logger);
  if (billing.nfse) {
    await registerNfseWorker(jobs.boss, {
      pool,
      emitter: billing.nfse,
      mailer: createMailer(config, pool, logger),
      logger,
    });
  }
  await registerAccountDeletionWorker(jobs.boss, {
    pool,
    storage,
    provider: billing.provider,
    videoProviderFor: videoWorkers.providerFor,
    logger,
  });
  await startMediaWorkers(config, logger, pool, shared);
  startStories(config, logger, parts, jobs.boss);
  logger.info({ provider: config.video.provider }, 'video workers started');
}

/** Roteiro's sweep (ADR 0062); the customer's webhooks hear of each finished story, one event per film (ADR 0064). */
function startStories(config: Config, logger: Logger, parts: StartedParts, boss: PgBoss): void {
  const { pool } = parts.database;
  const emitCustomerEvent = customerEventEmitter({ pool, boss });
  parts.storyAdvance = startStoryAdvance(
    {
      pool,
      boss,
      logger,
      onRequestFailed: parts.videoWorkers?.notifySettled,
      onStoryCompleted: ({ userId, storyId, filmRequestId, db }) =>
        emitCustomerEvent(
          userId,
          'story.completed',
          { storyId, filmRequestId },
          { db, subjectId: filmRequestId },
        ),
    },
    config.storyAdvanceIntervalMs,
  );
}

/** Deliveries to the customers' webhook endpoints (ADR 0064). */
async function startCustomerWebhooks(
  config: Config,
  logger: Logger,
  pool: pg.Pool,
  { jobs, storage, authSecret }: SharedServices,
): Promise<void> {
  await registerCustomerWebhookWorker({
    pool,
    boss: jobs.boss,
    logger,
    mailer: createMailer(config, pool, logger),
    appUrl: config.appUrl,
    sealingKey: secretSealingKey(authSecret),
    target: { isProduction: config.isProduction },
    viewVideo: createVideoViewer({
      pool,
      storage,
      capabilities: capabilitiesOf(config.video),
      ttlSeconds: config.storage.urlTtlSeconds,
    }),
  });
}

/** The workers that re-encode finished videos: films (ADR 0014) and captions (ADR 0039). */
async function startMediaWorkers(
  config: Config,
  logger: Logger,
  pool: pg.Pool,
  { jobs, storage }: SharedServices,
): Promise<void> {
  const toolchain = await resolveMediaToolchain({
    ffmpegPath: config.video.ffmpegPath,
    ffprobePath: config.video.ffprobePath,
  });
  // A film of many scenes, or a long film's burn-in, re-encodes minutes of video: a longer bound than one video's steps.
  const tools = {
    ffmpegPath: toolchain.ffmpeg.path,
    ffprobePath: toolchain.ffprobe.path,
    timeoutMs: 15 * 60_000,
  };
  const credentials = createContentCredentials(config.provenance, logger);
  await registerFilmWorker(jobs.boss, { pool, storage, logger, tools, credentials });
  await registerCaptionsWorker(jobs.boss, {
    pool,
    storage,
    logger,
    tools: { ...tools, fontFile: toolchain.fonts.regular },
    transcribe: createTranscriber(config, logger),
    credentials,
  });
}

/** Stops a fully started process, each part after what still depends on it. */
async function stopInOrder(
  config: Config,
  logger: Logger,
  parts: StartedParts,
  { availability, jobs }: SharedServices,
): Promise<void> {
  const { server, realtime, accounts, videoWorkers, database } = parts;
  logger.info('shutting down');
  availability.stop();
  // Event streams never end by themselves: close them first, or the server would wait out the timeout.
  await realtime?.stop();
  if (server) await closeHttpServer(server, config.shutdownTimeoutMs);
  await accounts?.settle();
  await videoWorkers?.stop();
  await parts.storyAdvance?.stop();
  // After the server: a request still in flight may be sending a job.
  await jobs.stop(config.shutdownTimeoutMs);
  await videoWorkers?.closeProviders();
  await database.close();
  logger.info('stopped');
}

/** Closes what a process that failed to start had already opened, without waiting on anything in flight. */
async function abortHalfStarted(parts: StartedParts): Promise<void> {
  parts.modelAvailability?.stop();
  await parts.videoWorkers?.stop();
  await parts.storyAdvance?.stop();
  await parts.realtime?.stop();
  if (parts.server) await closeHttpServer(parts.server, 0);
  await parts.jobs?.stop(0).catch(() => undefined);
  await parts.videoWorkers?.closeProviders();
  await parts.database.close().catch(() => undefined);
}

/** Starts the processes' shared parts (database, migrations) and the parts of the given role. */
export async function startCena(config: Config, logger: Logger, role: Role): Promise<RunningCena> {
  const parts: StartedParts = { database: await openDatabase(config, logger) };
  try {
    const shared = await startSharedServices(config, logger, parts);
    const url = role !== 'worker' ? await startWebTier(config, logger, role, parts, shared) : undefined;
    if (role !== 'web') await startWorkerTier(config, logger, parts, shared);
    let stopping: Promise<void> | undefined;
    return {
      url,
      pool: parts.database.pool,
      jobs: shared.jobs,
      storage: shared.storage,
      stop() {
        stopping ??= stopInOrder(config, logger, parts, shared);
        return stopping;
      },
    };
  } catch (error) {
    await abortHalfStarted(parts);
    throw error;
  }
}
