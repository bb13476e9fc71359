import path from 'node:path';
import { z } from 'zod';
import { type BillingPeriod, PLAN_IDS, type PlanId, type VideoQuality } from '../shared/catalogue';
import {
  DEFAULT_VIDEO_MODELS,
  GEMINI_VIDEO_CAPACITY,
  LOCAL_RENDERER_CAPACITY,
  type ProviderCapacity,
} from '../shared/video-models';

/** The Gemini API root Google's Omni guide calls (`POST /v1beta/interactions`; ADR 0005 on v1 vs v1beta). */
const DEFAULT_GEMINI_API_BASE = 'https://generativelanguage.googleapis.com/v1beta';
/** A GA Flash text model from the changelog (gemini-3.8-flash, 2026-09-02; no shutdown date announced). */
export const DEFAULT_PROMPT_MODEL = 'gemini-3.8-flash';

/**
 * The one place that reads the environment. Every variable is listed in README.md with its default;
 * a wrong value stops start-up with a message naming the variable.
 */

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
/** A comma-separated list of IP addresses or CIDR ranges. */
const ipList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
        error: 'each entry must be an IP address or CIDR range',
      }),
    )
    .default([]),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public base URL users reach Cena at (links in e-mails, redirects). */
  APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_POSTGRES_DIR: optionalString,
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  WEB_DIST_DIR: z.string().min(1).default('./dist/client'),
  SAMPLE_VIDEOS_DIR: optionalString,
  SUPPORT_EMAIL: z.email().default('suporte@cena.app'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Bearer token of `GET /metrics`; unset: /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
  ),
  /** Signs sessions and tokens. Required in production; in local mode one is generated under DATA_DIR. */
  BETTER_AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  ),
  /** smtp(s)://user:pass@host:port. Unset outside production: e-mails go to the dev mailbox (/dev/mailbox). */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Cena <nao-responda@cena.app>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Reverse proxies whose X-Forwarded-For is believed (client IP for rate limits and sessions). */
  TRUSTED_PROXIES: ipList,
  /** Stripe (both keys, or neither: then the local test checkout, never in production). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_YEARLY: optionalString,
  STRIPE_PRICE_CREATOR_MONTHLY: optionalString,
  STRIPE_PRICE_CREATOR_YEARLY: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_YEARLY: optionalString,
  STRIPE_PRICE_STUDIO_MONTHLY: optionalString,
  STRIPE_PRICE_STUDIO_YEARLY: optionalString,
  /** Where the portal button goes when Stripe returns no portal url (spec §7). */
  STRIPE_PORTAL_LOGIN_URL: optionalUrl,
  /** Another Stripe API address (tests: a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl,
  /** Where reference images and videos live: local disk (default) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  STORAGE_DIR: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
    .transform((value) => value === 'true' || value === '1'),
  /** How long a signed media URL stays valid. */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .default(900),
  /** Signs local-disk media URLs; default: derived from the auth secret. */
  MEDIA_SIGNING_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /**
   * Video generation (design §5): `local` renders an honest preview with ffmpeg, `gemini` calls Google's Gemini API
   * (`veo` is the old name of `gemini`, accepted with a warning).
   */
  VIDEO_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['local', 'gemini', 'veo']).default('local')),
  GEMINI_API_KEY: optionalString,
  /**
   * More capacity is more Google Cloud projects (limits are per project, not per key): `project-a:KEY,project-b:KEY`.
   * Replaces GEMINI_API_KEY; one key per project.
   */
  GEMINI_API_KEYS: optionalString,
  /** A project's real limits for each video model (AI Studio shows them); default: the catalogue's. */
  VIDEO_CAPACITY_RPM: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).optional()),
  VIDEO_CAPACITY_IN_FLIGHT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000).optional(),
  ),
  VIDEO_CAPACITY_RPD: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000_000).optional(),
  ),
  /**
   * Google's spend cap per project per 10 minutes, in US dollars (Tier 1 $10, Tier 2 $50, Tier 3 $200 on
   * https://ai.google.dev/gemini-api/docs/rate-limits; whether it applies depends on the account): Cena plans its
   * creates under it from the catalogue's per-second prices. Unset: spend is not counted (ADR 0021).
   */
  VIDEO_CAPACITY_SPEND_PER_10_MIN_USD: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().positive().max(1_000_000).optional(),
  ),
  /** A request that waits longer than this for capacity is failed and refunded. */
  VIDEO_QUEUE_MAX_WAIT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** The API root including its version; `VEO_API_BASE` is its old name. */
  GEMINI_API_BASE: optionalString,
  VEO_API_BASE: optionalString,
  /**
   * The signing secret(s) of the project webhook registered with Google's WebhookService (`whsec_…`, one per
   * project or the old and new one during a rotation, separated by commas); unset: no webhooks, polling alone.
   */
  GEMINI_WEBHOOK_SECRET: optionalString,
  /** With webhooks on, the rare safety-net read of a generation no event has woken (ADR 0021). */
  GEMINI_WEBHOOK_POLL_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** Google retires model ids often: they are configuration, checked against `GET /models` (README). */
  VIDEO_MODEL_FAST: optionalString,
  VIDEO_MODEL_QUALITY: optionalString,
  VEO_MODEL_FAST: optionalString,
  VEO_MODEL_QUALITY: optionalString,
  /** The text model that writes the structured JSON prompt; without a key the rule-based builder does. */
  PROMPT_MODEL: z.string().min(1).default(DEFAULT_PROMPT_MODEL),
  /** How often each process re-reads `GET /models` to confirm the configured video models. */
  VIDEO_MODEL_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(5 * 60_000),
  /**
   * The take guarantee (videos/take-check): the text model's look at each delivered video (whether the prompt's
   * subject and action are there) can be turned off; the frozen, black and silence checks always run.
   */
  TAKE_CHECK_MODEL: z
    .preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on'))
    .transform((value) => value === 'on'),
  /** How readily a take fails: lenient, normal or strict (take-check/take-rules.server.ts). */
  TAKE_CHECK_STRICTNESS: z.preprocess(
    emptyAsUndefined,
    z.enum(['lenient', 'normal', 'strict']).default('normal'),
  ),
  LOCAL_RENDER_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  VIDEO_TIMEOUT_FAST_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(15 * 60_000),
  VIDEO_TIMEOUT_QUALITY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(25 * 60_000),
  VIDEO_WEBHOOK_URL: optionalUrl,
  VIDEO_WEBHOOK_SECRET: optionalString,
  /** Unset: the system binary when it runs, else the npm one (media-toolchain/toolchain.server.ts). */
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  logLevel: Env['LOG_LEVEL'];
  database: {
    url: string | undefined;
    poolSize: number;
    embeddedDir: string;
    embeddedPort: number;
  };
  dataDir: string;
  webDistDir: string;
  sampleVideosDir: string | undefined;
  supportEmail: string;
  shutdownTimeoutMs: number;
  /** Bearer token of `GET /metrics`; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  auth: {
    /** Undefined in local mode only: a secret is then generated once and kept under DATA_DIR. */
    secret: string | undefined;
    google: { clientId: string; clientSecret: string } | undefined;
    trustedProxies: string[];
  };
  mail: {
    /** Undefined: messages go to the dev mailbox in the database (never in production). */
    smtpUrl: string | undefined;
    from: string;
  };
  billing: {
    /** Undefined: the local test checkout (refused in production). */
    stripe: StripeConfig | undefined;
    portalLoginUrl: string | undefined;
  };
  storage: StorageConfig;
  video: VideoConfig;
  /** Deprecated settings still honoured; logged once at start. */
  warnings: string[];
}

export type TakeStrictness = 'lenient' | 'normal' | 'strict';

export interface VideoConfig {
  provider: 'local' | 'gemini';
  gemini: GeminiConfig;
  /** The fair queue and the provider's budget (videos/capacity, ADR 0013). */
  capacity: CapacityConfig;
  localRenderDelayMs: number;
  /** The take guarantee: the model check (needs a Gemini key) and how strict the checks are. */
  takeCheck: { model: boolean; strictness: TakeStrictness };
  /** From the request's creation to its final status, per mode; past it the request fails and is refunded. */
  timeoutMs: { fast: number; quality: number };
  webhook: { url: string; secret: string } | undefined;
  /** FFMPEG_PATH / FFPROBE_PATH; undefined: resolved by the media toolchain. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

interface CapacityConfig {
  /** Per project and model. */
  limits: ProviderCapacity;
  maxWaitMs: number;
}

/** A Google Cloud project and the key Cena uses for it. */
interface GeminiProject {
  project: string;
  apiKey: string;
}

export interface GeminiConfig {
  /** The first project's key (the model checks and the prompt writer use it). */
  apiKey: string | undefined;
  /** Every project, in the order configured; GEMINI_API_KEY alone is the project `default`. */
  projects: GeminiProject[];
  /** The API root with its version, e.g. https://generativelanguage.googleapis.com/v1beta (no trailing slash). */
  apiBase: string;
  models: Record<VideoQuality, string>;
  /** The variable each model id came from, for the logs and the admin check. */
  modelVariables: Record<VideoQuality, string>;
  promptModel: string;
  modelCheckIntervalMs: number;
  /** Google's webhooks (videos/gemini-webhooks, ADR 0021); undefined: polling alone. */
  webhook: GeminiWebhookConfig | undefined;
}

export interface GeminiWebhookConfig {
  /** Each accepted signing key: the bytes after `whsec_`, base64-decoded (Standard Webhooks). */
  secrets: Buffer[];
  /** How long a waiting generation goes unread when no event wakes it. */
  pollMs: number;
}

interface StorageConfig {
  driver: 'disk' | 's3';
  /** The disk driver's root folder. */
  dir: string;
  /** Set when driver is s3. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  urlTtlSeconds: number;
  /** Undefined: derived from the auth secret at start-up. */
  signingSecret: string | undefined;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price id per plan and period (subscription Checkout; mapping invoice lines back to plans). */
  prices: Record<PlanId, Record<BillingPeriod, string>>;
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

function stripeApi(base: string): NonNullable<StripeConfig['api']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    if (!env.BETTER_AUTH_SECRET) problems.push('  BETTER_AUTH_SECRET: required in production');
    // The dev mailbox shows every message to whoever opens it: production must send real e-mail.
    if (!env.SMTP_URL) problems.push('  SMTP_URL: required in production (the dev mailbox is local only)');
    // An embedded database lives and dies with one container: production runs on a real, backed-up PostgreSQL.
    if (!env.DATABASE_URL)
      problems.push('  DATABASE_URL: required in production (the embedded PostgreSQL is local only)');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('  STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET: set both to use Stripe, or neither');
  }
  const stripeOn = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  // The local checkout grants credits for nothing: production must take real payments.
  if (env.NODE_ENV === 'production' && !stripeOn) {
    problems.push('  STRIPE_SECRET_KEY: required in production (the local test checkout is local only)');
  }
  const prices = {} as Record<PlanId, Record<BillingPeriod, string>>;
  for (const plan of PLAN_IDS) {
    const monthly = env[`STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY` as keyof Env] as string | undefined;
    const yearly = env[`STRIPE_PRICE_${plan.toUpperCase()}_YEARLY` as keyof Env] as string | undefined;
    if (stripeOn && !monthly)
      problems.push(`  STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY: required with Stripe`);
    if (stripeOn && !yearly)
      problems.push(`  STRIPE_PRICE_${plan.toUpperCase()}_YEARLY: required with Stripe`);
    prices[plan] = { monthly: monthly ?? '', yearly: yearly ?? '' };
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push('  GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  const warnings: string[] = [];
  const gemini = geminiConfig(env, problems, warnings);
  const videoProvider = env.VIDEO_PROVIDER === 'local' ? 'local' : 'gemini';
  if (env.VIDEO_PROVIDER === 'veo') {
    warnings.push('VIDEO_PROVIDER=veo is deprecated: use VIDEO_PROVIDER=gemini (Omni and Veo ids alike)');
  }
  if (videoProvider === 'gemini' && !env.GEMINI_API_KEY && !env.GEMINI_API_KEYS) {
    problems.push(`  GEMINI_API_KEY: required with VIDEO_PROVIDER=${env.VIDEO_PROVIDER}`);
  }
  // The preview renderer makes gradients, not the videos users pay credits for.
  if (env.NODE_ENV === 'production' && videoProvider === 'local') {
    problems.push(
      '  VIDEO_PROVIDER: set VIDEO_PROVIDER=gemini in production (the local preview renderer is local only)',
    );
  }
  if (env.VIDEO_WEBHOOK_URL && !env.VIDEO_WEBHOOK_SECRET) {
    problems.push(
      '  VIDEO_WEBHOOK_SECRET: required with VIDEO_WEBHOOK_URL (the receiver checks the signature)',
    );
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET)
    problems.push('  S3_BUCKET: required with STORAGE_DRIVER=s3');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      '  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default credentials)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      embeddedDir: path.resolve(env.EMBEDDED_POSTGRES_DIR ?? path.join(dataDir, 'postgres')),
      embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    },
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    sampleVideosDir: env.SAMPLE_VIDEOS_DIR ? path.resolve(env.SAMPLE_VIDEOS_DIR) : undefined,
    supportEmail: env.SUPPORT_EMAIL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    auth: {
      secret: env.BETTER_AUTH_SECRET,
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
          : undefined,
      trustedProxies: env.TRUSTED_PROXIES,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    storage: {
      driver: env.STORAGE_DRIVER,
      dir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
      s3:
        env.STORAGE_DRIVER === 's3' && env.S3_BUCKET
          ? {
              bucket: env.S3_BUCKET,
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : undefined,
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
      signingSecret: env.MEDIA_SIGNING_SECRET,
    },
    billing: {
      stripe:
        stripeOn && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              prices,
              api: env.STRIPE_API_BASE ? stripeApi(env.STRIPE_API_BASE) : undefined,
            }
          : undefined,
      portalLoginUrl: env.STRIPE_PORTAL_LOGIN_URL,
    },
    video: {
      provider: videoProvider,
      gemini,
      capacity: {
        limits: {
          ...(videoProvider === 'local' ? LOCAL_RENDERER_CAPACITY : GEMINI_VIDEO_CAPACITY),
          ...(env.VIDEO_CAPACITY_RPM ? { requestsPerMinute: env.VIDEO_CAPACITY_RPM } : {}),
          ...(env.VIDEO_CAPACITY_IN_FLIGHT ? { inFlight: env.VIDEO_CAPACITY_IN_FLIGHT } : {}),
          ...(env.VIDEO_CAPACITY_RPD ? { requestsPerDay: env.VIDEO_CAPACITY_RPD } : {}),
          spendCentsPer10Minutes: env.VIDEO_CAPACITY_SPEND_PER_10_MIN_USD
            ? Math.round(env.VIDEO_CAPACITY_SPEND_PER_10_MIN_USD * 100)
            : null,
        },
        maxWaitMs: env.VIDEO_QUEUE_MAX_WAIT_MINUTES * 60_000,
      },
      localRenderDelayMs: env.LOCAL_RENDER_DELAY_MS,
      takeCheck: { model: env.TAKE_CHECK_MODEL, strictness: env.TAKE_CHECK_STRICTNESS },
      timeoutMs: { fast: env.VIDEO_TIMEOUT_FAST_MS, quality: env.VIDEO_TIMEOUT_QUALITY_MS },
      webhook:
        env.VIDEO_WEBHOOK_URL && env.VIDEO_WEBHOOK_SECRET
          ? { url: env.VIDEO_WEBHOOK_URL, secret: env.VIDEO_WEBHOOK_SECRET }
          : undefined,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
    },
    warnings,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A new name wins over its old alias; the alias still works, with a warning. */
function aliased(
  env: Env,
  name: keyof Env,
  alias: keyof Env,
  warnings: string[],
): [string | undefined, string] {
  const value = env[name] as string | undefined;
  const old = env[alias] as string | undefined;
  if (value) return [value, name];
  if (old) {
    warnings.push(`${alias} is deprecated: use ${name}`);
    return [old, alias];
  }
  return [undefined, name];
}

function geminiConfig(env: Env, problems: string[], warnings: string[]): GeminiConfig {
  const [base, baseVariable] = aliased(env, 'GEMINI_API_BASE', 'VEO_API_BASE', warnings);
  const apiBase = (base ?? DEFAULT_GEMINI_API_BASE).replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(apiBase);
  } catch {
    problems.push(`  ${baseVariable}: must be a URL such as ${DEFAULT_GEMINI_API_BASE}`);
  }
  // The key travels to this origin in a header: only over TLS, or to this machine (tests' local fake).
  if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    problems.push(`  ${baseVariable}: must be https:// (http:// only on 127.0.0.1, ::1 or localhost)`);
  }
  if (url && !/\/v\d+[a-z0-9]*$/.test(url.pathname.replace(/\/+$/, ''))) {
    problems.push(`  ${baseVariable}: must end with the API version, e.g. ${DEFAULT_GEMINI_API_BASE}`);
  }
  const [fast, fastVariable] = aliased(env, 'VIDEO_MODEL_FAST', 'VEO_MODEL_FAST', warnings);
  const [quality, qualityVariable] = aliased(env, 'VIDEO_MODEL_QUALITY', 'VEO_MODEL_QUALITY', warnings);
  const projects = geminiProjects(env, problems);
  return {
    apiKey: projects[0]?.apiKey,
    projects,
    apiBase,
    models: { fast: fast ?? DEFAULT_VIDEO_MODELS.fast, quality: quality ?? DEFAULT_VIDEO_MODELS.quality },
    modelVariables: { fast: fastVariable, quality: qualityVariable },
    promptModel: env.PROMPT_MODEL,
    modelCheckIntervalMs: env.VIDEO_MODEL_CHECK_INTERVAL_MS,
    webhook: geminiWebhook(env, problems),
  };
}

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/**
 * Google posts to `$APP_URL/api/gemini/webhook`, so webhooks need the public address said out loud (the default
 * `localhost` is unreachable from Google) and, in production, over TLS (Google delivers to HTTPS only).
 */
function geminiWebhook(env: Env, problems: string[]): GeminiWebhookConfig | undefined {
  if (!env.GEMINI_WEBHOOK_SECRET) return undefined;
  const secrets = env.GEMINI_WEBHOOK_SECRET.split(',').map((secret) => secret.trim());
  if (!secrets.every((secret) => WEBHOOK_SECRET.test(secret))) {
    problems.push('  GEMINI_WEBHOOK_SECRET: each secret is whsec_ followed by base64, as Google returns it');
  }
  if (env.VIDEO_PROVIDER === 'local')
    problems.push('  GEMINI_WEBHOOK_SECRET: only with VIDEO_PROVIDER=gemini');
  if (!env.APP_URL) problems.push('  APP_URL: required with GEMINI_WEBHOOK_SECRET (Google posts to it)');
  else if (env.NODE_ENV === 'production' && !env.APP_URL.startsWith('https://')) {
    problems.push('  APP_URL: must be https:// with GEMINI_WEBHOOK_SECRET (Google delivers to HTTPS only)');
  }
  return {
    secrets: secrets.map((secret) => Buffer.from(secret.slice('whsec_'.length), 'base64')),
    pollMs: env.GEMINI_WEBHOOK_POLL_MS,
  };
}

const PROJECT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** GEMINI_API_KEYS (`project:key,…`) or GEMINI_API_KEY alone (the project `default`). */
function geminiProjects(env: Env, problems: string[]): GeminiProject[] {
  if (!env.GEMINI_API_KEYS)
    return env.GEMINI_API_KEY ? [{ project: 'default', apiKey: env.GEMINI_API_KEY }] : [];
  if (env.GEMINI_API_KEY) problems.push('  GEMINI_API_KEY: set GEMINI_API_KEYS or GEMINI_API_KEY, not both');
  const projects: GeminiProject[] = [];
  for (const entry of env.GEMINI_API_KEYS.split(',')) {
    const separator = entry.indexOf(':');
    const project = entry.slice(0, separator).trim();
    const apiKey = entry.slice(separator + 1).trim();
    if (separator < 0 || !PROJECT_NAME.test(project) || !apiKey) {
      problems.push(
        '  GEMINI_API_KEYS: write project:key pairs separated by commas, e.g. cena-1:AIza…,cena-2:AIza…',
      );
      return [];
    }
    if (projects.some((known) => known.project === project)) {
      problems.push(`  GEMINI_API_KEYS: ${project} is listed twice (limits are per project: one key each)`);
      return [];
    }
    projects.push({ project, apiKey });
  }
  return projects;
}
