import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { GoogleGenAI } from '@google/genai';
import {
  ProviderError,
  ProviderOutcomeUnknownError,
  ProviderQuotaError,
  ProviderUnavailableError,
} from '#server/video-providers/video-providers.server';
import { quotaViolationsFrom, retryDelayFrom } from './gemini-error-details.server';

/**
 * One door to Google's Gemini API for the providers, the model checks and the prompt model. Calls go through
 * Google's client (`@google/genai`, its own retries turned off) or, where the SDK has no place for them (Veo's
 * `:predictLongRunning`, downloads), through `fetch` here. Either way:
 * - the key (`x-goog-api-key` header, never a query parameter, so never in a logged URL) goes only to the
 *   configured API origin; Node's fetch keeps custom headers across a cross-origin redirect (it drops only
 *   `Authorization`), so downloads follow redirects by hand and drop the key when the origin changes;
 * - 429 and 5xx wait what Google asks (`google.rpc.RetryInfo.retryDelay` in the error body, else `Retry-After`),
 *   with jitter, capped, for a bounded number of attempts; then the call fails for good
 *   (https://ai.google.dev/gemini-api/docs/troubleshooting: 429 RESOURCE_EXHAUSTED, 503 UNAVAILABLE — retry
 *   with back-off; https://cloud.google.com/apis/design/errors#retrying_errors on RetryInfo).
 */

export interface RetryPolicy {
  /** Attempts per call, the first included. */
  attempts: number;
  /** Back-off when Google gives no delay: doubled per attempt. */
  initialDelayMs: number;
  /** No single wait is longer than this, whatever Google asks. */
  maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 5, initialDelayMs: 2_000, maxDelayMs: 60_000 };

/**
 * Waiting for a URI-delivered video to turn ACTIVE (Omni guide, "Retrieving videos with an URI"). This is not a
 * retry after a refusal but a readiness check on a file that is usually ready within a second or two, so it asks
 * again soon (a 2 s first wait would add 2 s to every delivered video), then less often: about 9 minutes in all.
 */
const FILE_STATE_CHECKS = { firstWaitMs: 250, longestWaitMs: 10_000, checks: 60 };

export interface GeminiClientOptions {
  apiKey: string;
  /** The API root with its version, e.g. https://generativelanguage.googleapis.com/v1beta. */
  apiBase: string;
  retry?: RetryPolicy;
  requestTimeoutMs?: number;
}

export interface ListedModel {
  /** Without the `models/` prefix. */
  id: string;
  methods: string[];
}

/** A failed HTTP answer, with what retrying needs. */
class GeminiHttpError extends ProviderError {
  override name = 'GeminiHttpError';
  constructor(
    message: string,
    status: number,
    readonly body: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message, status);
  }
}

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);
const MAX_REDIRECTS = 5;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function headerOf(headers: unknown, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  if (headers && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  }
  return null;
}

/** Whatever a call threw (our own errors, the SDK's two error families, network errors), as one shape. */
function failureOf(error: unknown): {
  status: number | undefined;
  body: string;
  retryAfterMs: number | undefined;
} {
  if (error instanceof GeminiHttpError) {
    return { status: error.status, body: error.body, retryAfterMs: error.retryAfterMs };
  }
  const candidate = error as { statusCode?: unknown; status?: unknown; body?: unknown; headers?: unknown };
  const status =
    typeof candidate?.statusCode === 'number'
      ? candidate.statusCode
      : typeof candidate?.status === 'number'
        ? candidate.status
        : undefined;
  // The Interactions client keeps the raw body; the older client puts it in the message.
  const body = typeof candidate?.body === 'string' ? candidate.body : ((error as Error)?.message ?? '');
  const jsonStart = body.indexOf('{');
  return {
    status,
    body,
    retryAfterMs: retryDelayFrom(
      jsonStart >= 0 ? body.slice(jsonStart) : body,
      headerOf(candidate?.headers, 'retry-after'),
    ),
  };
}

function isTransient(status: number | undefined): boolean {
  return status === undefined || RETRYABLE.has(status);
}

// Node's fetch (undici) names the socket error in `cause.code`; the SDK wraps that error once more.
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function neverConnected(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    if (NEVER_CONNECTED.has(String((cause as { code?: unknown }).code))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * For a call that starts paid work (`interactions.create`, `:predictLongRunning`): tried again in place only when
 * the connection never opened. A 429 RESOURCE_EXHAUSTED proves nothing was accepted (the quota is checked before
 * the request is processed; ERRORS in the fake's sources, https://ai.google.dev/gemini-api/docs/troubleshooting),
 * but it is the fair queue's to wait out, not this call's: it ends the call as a ProviderQuotaError. A 5xx, a
 * timeout or a dropped connection may have started a generation Cena has no id for, so it is not sent twice.
 */
export function provablyNotAccepted(status: number | undefined, error: unknown): boolean {
  return status === undefined && neverConnected(error);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error)?.name === 'AbortError';
}

export class GeminiClient {
  readonly sdk: GoogleGenAI;
  readonly apiBase: string;
  private readonly origin: string;
  private readonly retry: RetryPolicy;
  readonly requestTimeoutMs: number;

  constructor(private readonly options: GeminiClientOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    const url = new URL(this.apiBase);
    this.origin = url.origin;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    // The SDK takes host and version apart: https://host/prefix/v1beta → baseUrl https://host/prefix/, v1beta.
    const segments = url.pathname.split('/').filter(Boolean);
    const apiVersion = segments.pop() ?? '';
    this.sdk = new GoogleGenAI({
      apiKey: options.apiKey,
      httpOptions: {
        baseUrl: `${url.origin}/${segments.map((segment) => `${segment}/`).join('')}`,
        apiVersion,
      },
    });
  }

  /** Request options for the SDK's Interactions calls: our retries, not its own. */
  get sdkRequestOptions(): { retries: { strategy: 'none' }; timeout_ms: number } {
    return { retries: { strategy: 'none' }, timeout_ms: this.requestTimeoutMs };
  }

  /** Runs `call`, waiting and trying again on 429, 5xx and network errors; anything else fails at once. */
  async withRetries<T>(
    what: string,
    call: () => Promise<T>,
    signal?: AbortSignal,
    canRetry: (status: number | undefined, error: unknown) => boolean = isTransient,
  ): Promise<T> {
    let last: ReturnType<typeof failureOf> | undefined;
    for (let attempt = 0; attempt < this.retry.attempts; attempt += 1) {
      if (attempt > 0 && last) {
        const asked = last.retryAfterMs ?? this.retry.initialDelayMs * 2 ** (attempt - 1);
        const wait = Math.min(asked, this.retry.maxDelayMs);
        // Jitter spreads the retries of many workers that were refused at the same moment.
        await sleep(wait + Math.random() * Math.min(1_000, wait * 0.2), undefined, { signal });
      }
      try {
        return await call();
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        // Our own refusals (a foreign origin, a bad URI) are final.
        if (error instanceof ProviderError && !(error instanceof GeminiHttpError)) throw error;
        last = failureOf(error);
        if (last.status === 429 && !canRetry(last.status, error)) {
          throw new ProviderQuotaError(
            `Gemini API ${what}: HTTP 429 ${last.body.slice(0, 300)}`,
            last.retryAfterMs,
            quotaViolationsFrom(last.body),
          );
        }
        if (!canRetry(last.status, error)) {
          const answer = last.status === undefined ? (error as Error)?.message : `HTTP ${last.status}`;
          const detail = `Gemini API ${what} failed: ${answer} ${last.body.slice(0, 500)}`;
          // Trouble a safe call would have retried, on a call that is not: nobody knows what it started.
          if (isTransient(last.status)) throw new ProviderOutcomeUnknownError(detail, last.status);
          throw new ProviderError(detail, last.status);
        }
      }
    }
    const detail = `Gemini API ${what} still failing after ${this.retry.attempts} attempts: ${last?.status ? `HTTP ${last.status} ` : ''}${last?.body.slice(0, 500) ?? ''}`;
    if (last?.status === 429)
      throw new ProviderQuotaError(detail, last.retryAfterMs, quotaViolationsFrom(last.body));
    throw new ProviderUnavailableError(detail);
  }

  /** One call on the API origin with the key (no retries here: wrap it in `withRetries`). */
  async fetchApi(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
    const url = new URL(`${this.apiBase}/${path.replace(/^\/+/, '')}`);
    if (url.origin !== this.origin) throw new ProviderError(`refusing to send the API key to ${url.origin}`);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), 'x-goog-api-key': this.options.apiKey },
      signal: this.timeout(signal),
    });
    if (response.ok) return response;
    throw await httpError(response, `${init.method ?? 'GET'} ${url.pathname}`);
  }

  /** Every model the key can use (`GET {base}/models`, followed through `nextPageToken`). */
  async listModels(signal?: AbortSignal): Promise<ListedModel[]> {
    const models: ListedModel[] = [];
    let pageToken: string | undefined;
    do {
      const query = new URLSearchParams({ pageSize: '1000' });
      if (pageToken) query.set('pageToken', pageToken);
      const page = await this.withRetries(
        'models.list',
        async () =>
          (await (await this.fetchApi(`models?${query}`, {}, signal)).json()) as {
            models?: { name?: string; supportedGenerationMethods?: string[] }[];
            nextPageToken?: string;
          },
        signal,
      );
      for (const model of page.models ?? []) {
        if (typeof model.name !== 'string') continue;
        models.push({
          id: model.name.replace(/^models\//, ''),
          methods: model.supportedGenerationMethods ?? [],
        });
      }
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return models;
  }

  /**
   * Downloads a video the API named. Redirects are followed by hand: the key goes along only while the URL is on
   * the API origin. A URL on any other origin is fetched without the key, and only over https (http on loopback
   * for tests). A Files API URI is first waited on until the file is ACTIVE (Omni guide, "Retrieving videos
   * with an URI").
   */
  async download(uri: string, signal?: AbortSignal): Promise<Readable> {
    const start = this.checkedUrl(uri);
    await this.waitForActiveFile(start, signal);
    return this.withRetries(
      'download',
      async () => {
        let url = start;
        for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
          const sameOrigin = url.origin === this.origin;
          const response = await fetch(url, {
            redirect: 'manual',
            headers: sameOrigin ? { 'x-goog-api-key': this.options.apiKey } : {},
            signal: this.timeout(signal, 5 * this.requestTimeoutMs),
          });
          const location = response.headers.get('location');
          if (response.status >= 300 && response.status < 400 && location) {
            await response.body?.cancel();
            url = this.checkedUrl(new URL(location, url).toString());
            continue;
          }
          if (!response.ok) throw await httpError(response, `download ${url.pathname}`);
          if (!response.body) throw new ProviderError('the video download answered without a body');
          return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
        }
        throw new ProviderError(`the video download redirected more than ${MAX_REDIRECTS} times`);
      },
      signal,
    );
  }

  private async waitForActiveFile(url: URL, signal: AbortSignal | undefined): Promise<void> {
    if (url.origin !== this.origin) return;
    const file = /\/(files\/[^/:]+):download$/.exec(url.pathname)?.[1];
    if (!file) return;
    for (let attempt = 0; attempt < FILE_STATE_CHECKS.checks; attempt += 1) {
      const state = await this.withRetries(
        'files.get',
        async () => ((await (await this.fetchApi(file, {}, signal)).json()) as { state?: string }).state,
        signal,
      );
      if (state === 'FAILED') throw new ProviderError(`${file} is FAILED`);
      // No state at all: nothing to wait for (the file API answers ACTIVE files the same way).
      if (state === 'ACTIVE' || state === undefined) return;
      const wait = FILE_STATE_CHECKS.firstWaitMs * 2 ** Math.min(attempt, 6);
      await sleep(Math.min(wait, FILE_STATE_CHECKS.longestWaitMs, this.retry.maxDelayMs), undefined, {
        signal,
      });
    }
    throw new ProviderError(`${file} did not become ACTIVE`);
  }

  private checkedUrl(value: string): URL {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ProviderError('the provider named a video URI that is not a URL');
    }
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url;
    throw new ProviderError(`refusing to download a video over ${url.protocol}`);
  }

  private timeout(signal: AbortSignal | undefined, ms = this.requestTimeoutMs): AbortSignal {
    const timeout = AbortSignal.timeout(ms);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  }
}

async function httpError(response: Response, what: string): Promise<GeminiHttpError> {
  const body = await response.text().catch(() => '');
  return new GeminiHttpError(
    `Gemini API ${what}: HTTP ${response.status} ${body.slice(0, 500)}`,
    response.status,
    body,
    retryDelayFrom(body, response.headers.get('retry-after')),
  );
}
