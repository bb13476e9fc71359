import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VideoQuality } from '../../../../shared/catalogue';
import {
  type PollResult,
  ProviderError,
  TransientProviderError,
  type VideoGenerationInput,
  type VideoProvider,
} from './video-provider.server';

/**
 * Veo through the Gemini API over REST (ai.google.dev/gemini-api/docs/video):
 * `POST {base}/models/{model}:predictLongRunning` → `{ name }`; `GET {base}/{name}` → a google.longrunning
 * Operation whose `response.generateVideoResponse.generatedSamples[0].video.uri` is downloaded with the same key
 * (it redirects to the file). The key goes in `x-goog-api-key`, never in the URL, so it stays out of logs.
 */

export interface VeoOptions {
  apiKey: string;
  apiBase: string;
  models: Record<VideoQuality, string>;
  /** Attempts per HTTP call on 429/5xx/network errors before giving up to the job's own polling. */
  attempts?: number;
  /** First back-off delay; doubled per attempt (tests use a few milliseconds). */
  backoffMs?: number;
  /** Per HTTP call; a download of an 8 s video is a few MB. */
  requestTimeoutMs?: number;
}

interface VeoOperation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredReasons?: string[];
      raiMediaFilteredCount?: number;
    };
  };
}

// Operation names look like `models/veo-3.0-generate-001/operations/abc123`; anything else is refused before it
// can become a path on the API host.
const OPERATION_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export class VeoProvider implements VideoProvider {
  readonly name = 'veo';
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly requestTimeoutMs: number;

  constructor(private readonly options: VeoOptions) {
    this.attempts = options.attempts ?? 4;
    this.backoffMs = options.backoffMs ?? 1_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  }

  model(quality: VideoQuality): string {
    return this.options.models[quality];
  }

  async submit(input: VideoGenerationInput, signal?: AbortSignal): Promise<{ operationName: string }> {
    const instance: Record<string, unknown> = { prompt: input.prompt };
    if (input.image) {
      instance.image = {
        bytesBase64Encoded: input.image.bytes.toString('base64'),
        mimeType: input.image.mimeType,
      };
    }
    const parameters: Record<string, unknown> = {
      aspectRatio: input.aspectRatio,
      // Fast is the 720p-class tier, Quality the 1080p one (design §5).
      resolution: input.quality === 'quality' ? '1080p' : '720p',
      durationSeconds: 8,
      // Image-to-video only accepts adults; text-to-video may show anyone (the API's allowed values per mode).
      personGeneration: input.image ? 'allow_adult' : 'allow_all',
    };
    if (input.negativePrompt) parameters.negativePrompt = input.negativePrompt;
    const url = `${this.options.apiBase}/models/${encodeURIComponent(this.model(input.quality))}:predictLongRunning`;
    const response = await this.request(url, signal, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ instances: [instance], parameters }),
    });
    const body = (await response.json()) as VeoOperation;
    if (typeof body.name !== 'string' || !OPERATION_NAME.test(body.name)) {
      throw new ProviderError('Veo answered predictLongRunning without a valid operation name');
    }
    return { operationName: body.name };
  }

  async poll(operationName: string, signal?: AbortSignal): Promise<PollResult> {
    if (!OPERATION_NAME.test(operationName) || operationName.includes('..')) {
      throw new ProviderError(`invalid Veo operation name ${JSON.stringify(operationName)}`);
    }
    const response = await this.request(`${this.options.apiBase}/${operationName}`, signal);
    const operation = (await response.json()) as VeoOperation;
    if (operation.error) {
      return {
        done: true,
        error: { code: operation.error.code, message: operation.error.message ?? 'unknown Veo error' },
      };
    }
    if (!operation.done) return { done: false };
    const result = operation.response?.generateVideoResponse;
    const uri = result?.generatedSamples?.[0]?.video?.uri;
    if (uri) return { done: true, video: { uri } };
    // Done with no sample: the safety filters removed the video (reasons may be missing on some answers).
    return { done: true, blocked: result?.raiMediaFilteredReasons ?? [] };
  }

  async download(uri: string, signal?: AbortSignal): Promise<Readable> {
    const parsed = new URL(uri);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new ProviderError(`Veo video uri with unexpected scheme ${parsed.protocol}`);
    }
    // fetch follows the redirect to the file; it keeps our custom key header only within the same origin rules.
    const response = await this.request(uri, signal, { redirect: 'follow' }, 5 * this.requestTimeoutMs);
    if (!response.body) throw new ProviderError('Veo download answered without a body');
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  /** One HTTP call with back-off on 429, 5xx and network errors; permanent errors are thrown at once. */
  private async request(
    url: string,
    signal: AbortSignal | undefined,
    init: RequestInit = {},
    timeoutMs = this.requestTimeoutMs,
  ): Promise<Response> {
    let lastProblem = '';
    for (let attempt = 0; attempt < this.attempts; attempt += 1) {
      if (attempt > 0) await sleep(this.backoffMs * 2 ** (attempt - 1), undefined, { signal });
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), 'x-goog-api-key': this.options.apiKey },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        lastProblem = (error as Error).message;
        continue;
      }
      if (response.ok) return response;
      const text = await response.text().catch(() => '');
      lastProblem = `HTTP ${response.status} ${text.slice(0, 300)}`;
      if (response.status === 429 || response.status >= 500) continue;
      throw new ProviderError(`Veo ${init.method ?? 'GET'} failed: ${lastProblem}`, response.status);
    }
    throw new TransientProviderError(`Veo ${init.method ?? 'GET'} still failing: ${lastProblem}`);
  }
}
