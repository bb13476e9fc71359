import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type pg from 'pg';
import {
  configureAccountDeletionQueue,
  registerAccountDeletionWorker,
} from './account-rights/account-deletion.server';
import { type CenaAuth, createAuth } from './accounts/auth.server';
import { resolveAuthSecret } from './accounts/auth-secret.server';
import { createBilling } from './billing/billing.server';
import type { Config } from './config.server';
import { openDatabase } from './db/open-database.server';
import { registerFilmWorker } from './films/film-render.job.server';
import { createApp } from './http/app.server';
import { type Jobs, startJobs } from './jobs/jobs.server';
import { answerClientErrors } from './kernel/client-errors.server';
import type { Logger } from './logger.server';
import { createMailer } from './mail/mailer.server';
import { resolveMediaToolchain } from './media-toolchain/toolchain.server';
import { registerCounterCompaction } from './metrics/counters-compaction.job.server';
import { registerNotificationWorker } from './notifications/video-notify.job.server';
import { RealtimeHub } from './realtime/realtime-hub.server';
import type { BlobStorage } from './storage/blob-storage.server';
import { createStorage } from './storage/storage.server';
import { createModelAvailability, type ModelAvailability } from './videos/model-availability.server';
import {
  configureVideoQueues,
  registerVideoWorkers,
  type VideoWorkers,
} from './videos/pipeline/workers.server';

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

type HttpServer = ReturnType<typeof serve>;

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

/** Starts the processes' shared parts (database, migrations) and the parts of the given role. */
export async function startCena(config: Config, logger: Logger, role: Role): Promise<RunningCena> {
  const database = await openDatabase(config, logger);
  const { pool } = database;
  let server: HttpServer | undefined;
  let realtime: RealtimeHub | undefined;
  let accounts: CenaAuth | undefined;
  let jobs: Jobs | undefined;
  let modelAvailability: ModelAvailability | undefined;
  let videoWorkers: VideoWorkers | undefined;

  try {
    jobs = await startJobs(database.url, logger);
    await configureVideoQueues(jobs.boss, config);
    await configureAccountDeletionQueue(jobs.boss);
    const authSecret = await resolveAuthSecret(config, logger);
    const storage = createStorage(config, authSecret);
    // Every process checks the configured video models itself: the web refuses creates of an unserved mode, the
    // worker logs it (design §5). In-process state, so no process waits on another's check.
    const availability = createModelAvailability(config, logger);
    modelAvailability = availability;
    availability.start();
    let url: string | undefined;
    if (role !== 'worker') {
      const mailer = createMailer(config, pool, logger);
      accounts = createAuth({
        config,
        logger,
        pool,
        mailer,
        secret: authSecret,
      });
      realtime = new RealtimeHub(database.url, logger);
      const sessions = accounts.sessions;
      realtime.onSessionChange((userId) => (userId ? sessions.forgetUser(userId) : sessions.forgetAll()));
      await realtime.start();
      const app = createApp({
        config,
        logger,
        pool,
        jobs,
        storage,
        auth: accounts.auth,
        sessions: accounts.sessions,
        authSecret,
        realtime,
        devMailbox: mailer.devMailbox,
        modelAvailability: availability,
      });
      server = await new Promise<HttpServer>((resolve, reject) => {
        const listening = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
          resolve(listening),
        );
        listening.once('error', reject);
      });
      answerClientErrors(server, logger);
      const { port } = server.address() as AddressInfo;
      url = `http://127.0.0.1:${port}`;
      logger.info({ port, role }, `Cena is listening on http://localhost:${port}`);
    }

    if (role !== 'web') {
      videoWorkers = await registerVideoWorkers({
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
      });
      await registerNotificationWorker(jobs.boss, {
        pool,
        mailer: createMailer(config, pool, logger),
        appUrl: config.appUrl,
        logger,
      });
      await registerCounterCompaction(jobs.boss, pool, logger);
      await registerAccountDeletionWorker(jobs.boss, {
        pool,
        storage,
        provider: createBilling(config, pool, logger).provider,
        videoProviderFor: videoWorkers.providerFor,
        logger,
      });
      const toolchain = await resolveMediaToolchain({
        ffmpegPath: config.video.ffmpegPath,
        ffprobePath: config.video.ffprobePath,
      });
      await registerFilmWorker(jobs.boss, {
        pool,
        storage,
        logger,
        // A film of many scenes re-encodes minutes of video: a longer bound than one video's steps.
        tools: {
          ffmpegPath: toolchain.ffmpeg.path,
          ffprobePath: toolchain.ffprobe.path,
          timeoutMs: 15 * 60_000,
        },
      });
      logger.info({ provider: config.video.provider }, 'video workers started');
    }

    let stopping: Promise<void> | undefined;
    const startedJobs = jobs;
    return {
      url,
      pool,
      jobs: startedJobs,
      storage,
      stop() {
        stopping ??= (async () => {
          logger.info('shutting down');
          availability.stop();
          // Event streams never end by themselves: close them first, or the server would wait out the timeout.
          await realtime?.stop();
          if (server) await closeHttpServer(server, config.shutdownTimeoutMs);
          await accounts?.settle();
          await videoWorkers?.stop();
          // After the server: a request still in flight may be sending a job.
          await startedJobs.stop(config.shutdownTimeoutMs);
          await videoWorkers?.closeProviders();
          await database.close();
          logger.info('stopped');
        })();
        return stopping;
      },
    };
  } catch (error) {
    modelAvailability?.stop();
    await videoWorkers?.stop();
    await realtime?.stop();
    if (server) await closeHttpServer(server, 0);
    await jobs?.stop(0).catch(() => undefined);
    await videoWorkers?.closeProviders();
    await database.close().catch(() => undefined);
    throw error;
  }
}
