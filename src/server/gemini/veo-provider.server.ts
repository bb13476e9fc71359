import {
  type PollResult,
  ProviderError,
  type ProviderImage,
  type VideoGenerationInput,
} from '#server/video-providers/video-providers.server';
import { type GeminiClient, provablyNotAccepted } from './gemini-client.server';

/**
 * Veo through the Gemini API (VEO_GUIDE in src/shared/video-models.ts: https://ai.google.dev/gemini-api/docs/video, REST tab), for an account whose model
 * list shows a Veo id: `POST {base}/models/{model}:predictLongRunning` with `instances[0]` {prompt, image
 * {bytesBase64Encoded, mimeType}} and `parameters` {aspectRatio, resolution, durationSeconds, negativePrompt};
 * the answer is a google.longrunning Operation `{ name }`; `GET {base}/{name}` has no `done` while running and
 * `done: true` with `response.generateVideoResponse.generatedSamples[0].video.uri` (or `raiMediaFilteredReasons`
 * when the safety filters removed the video) at the end. `personGeneration` is left to its default: its allowed
 * values differ by mode and region, and a wrong one is a 400.
 */

interface VeoOperation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredReasons?: string[];
    };
  };
}

// `models/veo-3.1-generate-preview/operations/abc123`; anything else is refused before it can become a path.
const OPERATION_NAME = /^models\/[A-Za-z0-9._-]+\/operations\/[A-Za-z0-9._-]+$/;

export function isVeoOperation(name: string): boolean {
  return OPERATION_NAME.test(name);
}

export class VeoPredictLongRunning {
  constructor(private readonly client: GeminiClient) {}

  async submit(model: string, input: VideoGenerationInput, signal?: AbortSignal): Promise<string> {
    if (input.derivation)
      throw new ProviderError('Veo extension and edit are not offered (no source handle)');
    const encoded = (image: ProviderImage) => ({
      bytesBase64Encoded: image.bytes.toString('base64'),
      mimeType: image.mimeType,
    });
    const instance: Record<string, unknown> = { prompt: input.prompt };
    if (input.image) instance.image = encoded(input.image);
    // VEO_GUIDE "Using first and last frames": `lastFrame` beside `image`; "Using reference images": up to three
    // `referenceImages` of type `asset`.
    if (input.image && input.lastFrame) instance.lastFrame = encoded(input.lastFrame);
    if (input.referenceImages?.length) {
      instance.referenceImages = input.referenceImages.map((image) => ({
        image: encoded(image),
        referenceType: 'asset',
      }));
    }
    const parameters: Record<string, unknown> = {
      aspectRatio: input.aspectRatio,
      // VEO_GUIDE "Veo model parameters" (src/shared/video-models.ts): `resolution` and `durationSeconds` 4|6|8.
      resolution: input.resolution,
      durationSeconds: input.clipSeconds,
    };
    if (input.negativePrompt) parameters.negativePrompt = input.negativePrompt;
    const operation = await this.client.withRetries(
      'predictLongRunning',
      async () =>
        (await (
          await this.client.fetchApi(
            `models/${encodeURIComponent(model)}:predictLongRunning`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ instances: [instance], parameters }),
            },
            signal,
          )
        ).json()) as VeoOperation,
      signal,
      // A 5xx or a timeout may have started a billed operation: never sent twice (gemini-client.server.ts).
      provablyNotAccepted,
    );
    if (typeof operation.name !== 'string' || !isVeoOperation(operation.name)) {
      throw new ProviderError('predictLongRunning answered without a valid operation name');
    }
    return operation.name;
  }

  async poll(operationName: string, signal?: AbortSignal): Promise<PollResult> {
    if (!isVeoOperation(operationName))
      throw new ProviderError(`invalid Veo operation ${JSON.stringify(operationName)}`);
    const operation = await this.client.withRetries(
      'operations.get',
      async () => (await (await this.client.fetchApi(operationName, {}, signal)).json()) as VeoOperation,
      signal,
    );
    if (operation.error) {
      return {
        done: true,
        error: { code: operation.error.code, message: operation.error.message ?? 'Veo error' },
      };
    }
    if (!operation.done) return { done: false };
    const result = operation.response?.generateVideoResponse;
    const uri = result?.generatedSamples?.[0]?.video?.uri;
    if (uri) return { done: true, video: { uri } };
    return { done: true, blocked: result?.raiMediaFilteredReasons ?? [] };
  }
}
