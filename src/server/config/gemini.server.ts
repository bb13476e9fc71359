import { z } from 'zod';
import type { ModelMode } from '#shared/catalogue';
import {
  DEFAULT_VIDEO_MODELS,
  OMNI_12_MODEL_ID,
  OMNI_12_REPORTED_MAX_CLIP_SECONDS,
  videoModelFacts,
} from '#shared/video-models';
import { type ConfigReading, optionalString } from './env-values.server';

/** The Gemini API root Google's Omni guide calls (`POST /v1beta/interactions`; ADR 0005 on v1 vs v1beta). */
const DEFAULT_GEMINI_API_BASE = 'https://generativelanguage.googleapis.com/v1beta';
/** A GA Flash text model from the changelog (gemini-3.8-flash, 2026-09-02; no shutdown date announced). */
export const DEFAULT_PROMPT_MODEL = 'gemini-3.8-flash';

/** Omni 1.2's longest clip by the catalogue's narrower reading. */
const OMNI_12_CATALOGUE_MAX_SECONDS = videoModelFacts(OMNI_12_MODEL_ID)?.clipSeconds.max ?? 10;

export const geminiEnv = z.object({
  GEMINI_API_KEY: optionalString,
  /**
   * More capacity is more Google Cloud projects (limits are per project, not per key): `project-a:KEY,project-b:KEY`.
   * Replaces GEMINI_API_KEY; one key per project.
   */
  GEMINI_API_KEYS: optionalString,
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
  /** Google retires model ids often: they are configuration, checked against `GET /models` (docs/features/video-generation.md). */
  VIDEO_MODEL_FAST: optionalString,
  VIDEO_MODEL_QUALITY: optionalString,
  VEO_MODEL_FAST: optionalString,
  VEO_MODEL_QUALITY: optionalString,
  /** The text model that writes the structured JSON prompt; without a key the rule-based builder does. */
  PROMPT_MODEL: z.string().min(1).default(DEFAULT_PROMPT_MODEL),
  /** How often each process re-reads `GET /models` to confirm the configured video models. */
  /**
   * Omni 1.2's longest clip in seconds: the catalogue's narrower 10 (Google's own page lists none for 1.2) up to
   * the 15 third parties report (src/shared/video-models.ts), for an operator who has verified it on their account.
   */
  OMNI_12_MAX_CLIP_SECONDS: z.coerce
    .number()
    .int()
    .min(OMNI_12_CATALOGUE_MAX_SECONDS)
    .max(OMNI_12_REPORTED_MAX_CLIP_SECONDS)
    .default(OMNI_12_CATALOGUE_MAX_SECONDS),
  VIDEO_MODEL_CHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(5 * 60_000),
});

type GeminiEnv = z.infer<typeof geminiEnv>;

/** VIDEO_PROVIDER as set: `veo` is the old name of `gemini`. */
type ProviderSetting = 'local' | 'gemini' | 'veo';

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
  models: Record<ModelMode, string>;
  /** The variable each model id came from, for the logs and the admin check. */
  modelVariables: Record<ModelMode, string>;
  promptModel: string;
  modelCheckIntervalMs: number;
  /** OMNI_12_MAX_CLIP_SECONDS: the lengths offered on Omni 1.2 reach it (ADR 0036). */
  omni12MaxClipSeconds: number;
  /** Google's webhooks (gemini, ADR 0021); undefined: polling alone. */
  webhook: GeminiWebhookConfig | undefined;
}

export interface GeminiWebhookConfig {
  /** Each accepted signing key: the bytes after `whsec_`, base64-decoded (Standard Webhooks). */
  secrets: Buffer[];
  /** How long a waiting generation goes unread when no event wakes it. */
  pollMs: number;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A new name wins over its old alias; the alias still works, with a warning. */
function aliased(
  env: GeminiEnv,
  name: keyof GeminiEnv,
  alias: keyof GeminiEnv,
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

function geminiApiBase(env: GeminiEnv, reading: ConfigReading): string {
  const [base, baseVariable] = aliased(env, 'GEMINI_API_BASE', 'VEO_API_BASE', reading.warnings);
  const apiBase = (base ?? DEFAULT_GEMINI_API_BASE).replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(apiBase);
  } catch {
    reading.problems.push(`  ${baseVariable}: must be a URL such as ${DEFAULT_GEMINI_API_BASE}`);
  }
  // The key travels to this origin in a header: only over TLS, or to this machine (tests' local fake).
  if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    reading.problems.push(
      `  ${baseVariable}: must be https:// (http:// only on 127.0.0.1, ::1 or localhost)`,
    );
  }
  if (url && !/\/v\d+[a-z0-9]*$/.test(url.pathname.replace(/\/+$/, ''))) {
    reading.problems.push(
      `  ${baseVariable}: must end with the API version, e.g. ${DEFAULT_GEMINI_API_BASE}`,
    );
  }
  return apiBase;
}

export function geminiConfig(
  env: GeminiEnv,
  provider: ProviderSetting,
  reading: ConfigReading,
): GeminiConfig {
  const apiBase = geminiApiBase(env, reading);
  const [fast, fastVariable] = aliased(env, 'VIDEO_MODEL_FAST', 'VEO_MODEL_FAST', reading.warnings);
  const [quality, qualityVariable] = aliased(
    env,
    'VIDEO_MODEL_QUALITY',
    'VEO_MODEL_QUALITY',
    reading.warnings,
  );
  const projects = geminiProjects(env, reading.problems);
  const webhook = geminiWebhook(env, provider, reading);
  if (provider !== 'local' && !env.GEMINI_API_KEY && !env.GEMINI_API_KEYS) {
    reading.problems.push(`  GEMINI_API_KEY: required with VIDEO_PROVIDER=${provider}`);
  }
  return {
    apiKey: projects[0]?.apiKey,
    projects,
    apiBase,
    models: { fast: fast ?? DEFAULT_VIDEO_MODELS.fast, quality: quality ?? DEFAULT_VIDEO_MODELS.quality },
    modelVariables: { fast: fastVariable, quality: qualityVariable },
    promptModel: env.PROMPT_MODEL,
    modelCheckIntervalMs: env.VIDEO_MODEL_CHECK_INTERVAL_MS,
    omni12MaxClipSeconds: env.OMNI_12_MAX_CLIP_SECONDS,
    webhook,
  };
}

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;

/**
 * Google posts to `$APP_URL/api/gemini/webhook`, so webhooks need the public address said out loud (the default
 * `localhost` is unreachable from Google) and, in production, over TLS (Google delivers to HTTPS only).
 */
function geminiWebhook(
  env: GeminiEnv,
  provider: ProviderSetting,
  reading: ConfigReading,
): GeminiWebhookConfig | undefined {
  if (!env.GEMINI_WEBHOOK_SECRET) return undefined;
  const { problems, appUrl } = reading;
  const secrets = env.GEMINI_WEBHOOK_SECRET.split(',').map((secret) => secret.trim());
  if (!secrets.every((secret) => WEBHOOK_SECRET.test(secret))) {
    problems.push('  GEMINI_WEBHOOK_SECRET: each secret is whsec_ followed by base64, as Google returns it');
  }
  if (provider === 'local') problems.push('  GEMINI_WEBHOOK_SECRET: only with VIDEO_PROVIDER=gemini');
  if (!appUrl) problems.push('  APP_URL: required with GEMINI_WEBHOOK_SECRET (Google posts to it)');
  else if (reading.isProduction && !appUrl.startsWith('https://')) {
    problems.push('  APP_URL: must be https:// with GEMINI_WEBHOOK_SECRET (Google delivers to HTTPS only)');
  }
  return {
    secrets: secrets.map((secret) => Buffer.from(secret.slice('whsec_'.length), 'base64')),
    pollMs: env.GEMINI_WEBHOOK_POLL_MS,
  };
}

const PROJECT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** GEMINI_API_KEYS (`project:key,…`) or GEMINI_API_KEY alone (the project `default`). */
function geminiProjects(env: GeminiEnv, problems: string[]): GeminiProject[] {
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
