import type pg from 'pg';
import type { Auth } from '#server/accounts/auth.server';
import type { Config } from '#server/config.server';
import type { Jobs } from '#server/jobs/job-engine.server';
import type { SessionSource } from '#server/kernel/session.server';
import type { Logger } from '#server/logger.server';
import type { RealtimeHub } from '#server/realtime/realtime-hub.server';
import type { BlobStorage } from '#server/storage/blob-storage.server';
import type { ModelAvailability } from '#server/videos/videos.server';

/** What the composition root is built from (cena.server.ts makes them; tests make inert ones). */
export interface AppDependencies {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  jobs: Jobs;
  storage: BlobStorage;
  auth: Auth;
  /** Where requests' sessions are read (accounts/session-cache.server.ts). */
  sessions: SessionSource;
  /** Better Auth's secret (two-factor secrets are encrypted with it). */
  authSecret: string;
  realtime: RealtimeHub;
  /** E-mails go to the dev mailbox (local mode): serve it at /dev/mailbox and /api/dev/mailbox. */
  devMailbox: boolean;
  /** The periodic check of the configured video models (creates of an unserved mode answer 503). */
  modelAvailability: ModelAvailability;
  /** The VAPID public key browsers subscribe to Web Push with (push/vapid-keys.server.ts). */
  pushPublicKey: string;
}
