/**
 * Whether a request's seed reaches the model that makes it (ADR 0058): only the local renderer reads it
 * (local-preview-provider.server.ts hashes the prompt and the seed). Google's models are sent none — the Omni
 * provider's Interactions body is `input` and `response_format` (omni-provider.server.ts), the Veo provider's
 * `parameters` are aspect ratio, resolution, clip length and negative prompt (veo-provider.server.ts) — so a
 * page may promise the seed's effect only where this is true; elsewhere it says the seed is only recorded.
 */
export function providerReadsSeed(provider: string | null): boolean {
  return provider === 'local';
}
