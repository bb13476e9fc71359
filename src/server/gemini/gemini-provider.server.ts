import type { Readable } from 'node:stream';
import {
  type PollResult,
  ProviderError,
  type VideoGenerationInput,
  type VideoProvider,
} from '#server/video-providers/video-providers.server';
import { type ModelMode, modelModeOf, type VideoQuality } from '#shared/catalogue';
import { videoModelFamily } from '#shared/video-models';
import type { GeminiClient } from './gemini-client.server';
import { INTERACTION_PREFIX, OmniInteractions } from './omni-provider.server';
import { isVeoOperation, VeoPredictLongRunning } from './veo-provider.server';

/**
 * `VIDEO_PROVIDER=gemini`: each mode's model id says which API serves it (the capability catalogue: Omni ids on
 * the Interactions API, Veo ids on `:predictLongRunning`), so Fast and Quality may even use different families.
 * The stored operation name says the same on resume: `interactions/{id}` or `models/{id}/operations/{id}`.
 */
export class GeminiVideoProvider implements VideoProvider {
  readonly name = 'gemini';
  private readonly omni: OmniInteractions;
  private readonly veo: VeoPredictLongRunning;

  constructor(
    private readonly client: GeminiClient,
    private readonly models: Record<ModelMode, string>,
  ) {
    this.omni = new OmniInteractions(client);
    this.veo = new VeoPredictLongRunning(client);
  }

  model(quality: VideoQuality): string {
    return this.models[modelModeOf(quality)];
  }

  async submit(input: VideoGenerationInput, signal?: AbortSignal): Promise<{ operationName: string }> {
    // An extension or edit names its source's model: its API surface follows from that id.
    const model = input.model ?? this.model(input.quality);
    switch (videoModelFamily(model)) {
      case 'omni':
        return { operationName: await this.omni.submit(model, input, signal) };
      case 'veo':
        return { operationName: await this.veo.submit(model, input, signal) };
      default:
        throw new ProviderError(`${model} is not a video model Cena knows how to call`);
    }
  }

  poll(operationName: string, signal?: AbortSignal): Promise<PollResult> {
    if (operationName.startsWith(INTERACTION_PREFIX)) return this.omni.poll(operationName, signal);
    if (isVeoOperation(operationName)) return this.veo.poll(operationName, signal);
    throw new ProviderError(`unknown operation ${JSON.stringify(operationName)}`);
  }

  /** Omni interactions (the SDK's `interactions.cancel`); a Veo operation has no cancel and is left to finish. */
  async cancel(operationName: string, signal?: AbortSignal): Promise<'cancelled' | 'finished'> {
    if (operationName.startsWith(INTERACTION_PREFIX)) return this.omni.cancel(operationName, signal);
    return 'finished';
  }

  /**
   * Omni interactions are stored at Google (`store: true`) and deleted here; a Veo operation holds its video only
   * for 2 days (VEO_GUIDE) and the API documents no delete for it.
   */
  async forget(operationName: string, signal?: AbortSignal): Promise<void> {
    if (operationName.startsWith(INTERACTION_PREFIX)) await this.omni.forget(operationName, signal);
  }

  download(uri: string, signal?: AbortSignal): Promise<Readable> {
    return this.client.download(uri, signal);
  }
}
