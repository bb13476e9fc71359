import type { VideoConfig } from '#server/config.server';
import { videoModelFamily } from '#shared/video-models';

/**
 * The model family a deployment really generates with, named on the landing page: the local preview says so
 * rather than borrowing Google's name, and a Gemini deployment names the family of its configured model id
 * (design §5: Gemini Omni on the Interactions API, Veo where Google serves it).
 */
export function videoModelLabel(provider: VideoConfig['provider'], modelId: string): string {
  if (provider === 'local') return 'Prévia local';
  switch (videoModelFamily(modelId)) {
    case 'omni':
      return 'Gemini Omni';
    case 'veo':
      return `Veo ${/^veo-(\d+)/.exec(modelId)?.[1] ?? ''}`.trim();
    default:
      return modelId;
  }
}
