/**
 * The video-providers room's entry file (ADR 0003): what other rooms use of it — the interface every video model
 * implements (design §5) and its errors, the local preview renderer, and the record of generations left at a
 * provider. Other rooms import this file, never one inside the room (biome.json).
 */
export { wrap } from './local-preview-graph.server';
export { LocalVideoProvider } from './local-preview-provider.server';
export { forgetLeftovers, recordLeftover } from './provider-leftovers.server';
export type {
  PollResult,
  ProviderImage,
  QuotaViolation,
  VideoGenerationInput,
  VideoProvider,
} from './video-provider.server';
export {
  ProviderError,
  ProviderOutcomeUnknownError,
  ProviderQuotaError,
  ProviderUnavailableError,
  TransientProviderError,
} from './video-provider.server';
