import type { VideoConfig } from '../config.server';

/**
 * The model family a deployment really generates with, named on the landing page: the local preview says so
 * rather than borrowing Google's name, and a Gemini deployment names the family of its configured model id
 * (design §5: Gemini Omni on the Interactions API, Veo where Google serves it).
 */
export function videoModelLabel(provider: VideoConfig['provider'], modelId: string): string {
  if (provider === 'local') return 'Prévia local';
  if (modelId.startsWith('gemini-omni')) return 'Gemini Omni';
  const veo = /^veo-(\d+)/.exec(modelId);
  if (veo) return `Veo ${veo[1]}`;
  return modelId;
}
