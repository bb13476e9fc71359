import path from 'node:path';
import { z } from 'zod';
import { type AuthConfig, authConfig, authEnv } from '#server/config/auth.server';
import { type BillingConfig, billingConfig, billingEnv } from '#server/config/billing.server';
import { type DatabaseConfig, databaseConfig, databaseEnv } from '#server/config/database.server';
import {
  type ConfigReading,
  emptyAsUndefined,
  optionalString,
  optionalUrl,
} from '#server/config/env-values.server';
import { type MailConfig, mailConfig, mailEnv } from '#server/config/mail.server';
import { type ProvenanceConfig, provenanceConfig, provenanceEnv } from '#server/config/provenance.server';
import { type PushConfig, pushConfig, pushEnv } from '#server/config/push.server';
import { type StorageConfig, storageConfig, storageEnv } from '#server/config/storage.server';
import { type TrialConfig, trialConfig, trialEnv } from '#server/config/trial.server';
import { type VideoConfig, videoConfig, videoEnv } from '#server/config/video.server';

export type { StripeConfig } from '#server/config/billing.server';
export {
  DEFAULT_PROMPT_MODEL,
  type GeminiConfig,
  type GeminiWebhookConfig,
} from '#server/config/gemini.server';
export type { ProvenanceConfig } from '#server/config/provenance.server';
export type { TakeStrictness, VideoConfig } from '#server/config/video.server';

/**
 * The one place that reads the environment. Every variable is listed in docs/configuration.md with its default;
 * a wrong value stops start-up with a message naming the variable. Each concern's variables, their checks and
 * their part of `Config` live together in config/.
 */

const processEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public base URL users reach Cena at (links in e-mails, redirects). */
  APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/client'),
  SAMPLE_VIDEOS_DIR: optionalString,
  SUPPORT_EMAIL: z.email().default('suporte@cena.app'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  STORY_ADVANCE_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** Bearer token of `GET /metrics`; unset: /metrics answers 404. */
  /** Requests each API key may make per minute, counted across processes (ADR 0063). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
  ),
});

const envSchema = z.object({
  ...processEnv.shape,
  ...databaseEnv.shape,
  ...authEnv.shape,
  ...mailEnv.shape,
  ...billingEnv.shape,
  ...storageEnv.shape,
  ...videoEnv.shape,
  ...trialEnv.shape,
  ...pushEnv.shape,
  ...provenanceEnv.shape,
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  logLevel: Env['LOG_LEVEL'];
  database: DatabaseConfig;
  dataDir: string;
  webDistDir: string;
  sampleVideosDir: string | undefined;
  supportEmail: string;
  shutdownTimeoutMs: number;
  /** How often the worker tier moves stories on (ADR 0062): continuity shots, finishes, their films' captions. */
  storyAdvanceIntervalMs: number;
  /** Bearer token of `GET /metrics`; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** API keys (ADR 0063): requests per key per minute. */
  apiKeys: { requestsPerMinute: number };
  auth: AuthConfig;
  mail: MailConfig;
  billing: BillingConfig;
  storage: StorageConfig;
  video: VideoConfig;
  trial: TrialConfig;
  push: PushConfig;
  provenance: ProvenanceConfig;
  /** Deprecated settings still honoured; logged once at start. */
  warnings: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const reading: ConfigReading = {
    isProduction: env.NODE_ENV === 'production',
    appUrl: env.APP_URL,
    dataDir: path.resolve(env.DATA_DIR),
    problems: [],
    warnings: [],
  };
  const auth = authConfig(env, reading);
  const mail = mailConfig(env, reading);
  const database = databaseConfig(env, reading);
  const billing = billingConfig(env, reading);
  const video = videoConfig(env, reading);
  const storage = storageConfig(env, reading);
  const push = pushConfig(env, reading);
  const provenance = provenanceConfig(env, reading);
  if (reading.problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${reading.problems.join('\n')}`);
  }
  return {
    env: env.NODE_ENV,
    isProduction: reading.isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    database,
    dataDir: reading.dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    sampleVideosDir: env.SAMPLE_VIDEOS_DIR ? path.resolve(env.SAMPLE_VIDEOS_DIR) : undefined,
    supportEmail: env.SUPPORT_EMAIL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    storyAdvanceIntervalMs: env.STORY_ADVANCE_INTERVAL_MS,
    metricsToken: env.METRICS_TOKEN,
    apiKeys: { requestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE },
    auth,
    mail,
    storage,
    billing,
    video,
    trial: trialConfig(env),
    push,
    provenance,
    warnings: reading.warnings,
  };
}
