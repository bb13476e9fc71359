/**
 * The gemini room's entry file (ADR 0003): what other rooms use of it — the one client of Google's Gemini API, its
 * error details, the Gemini video providers (Veo, Omni), Gemini's webhooks that wake the pipeline (ADR 0018) and
 * asking a text model about a video with a JSON answer (the captions' transcriber and the take's subject judge).
 * Other rooms import this file, never one inside the room (biome.json).
 */

export { askAboutVideo } from './ask-about-video.server';
export type { ListedModel } from './gemini-client.server';
export { GeminiClient } from './gemini-client.server';
export { GeminiVideoProvider } from './gemini-provider.server';
export { geminiWebhooksRoutes } from './gemini-webhooks.routes.server';
export { ProviderWake } from './provider-wake.server';
