import { videoModelFamily } from './video-models';

/**
 * Whether a video model makes its own soundtrack and speaks a line written in quotes (a story's dialogue, ADR
 * 0062), beside the catalogue's other facts (src/shared/video-models.ts, which is at its size limit):
 * - Veo 3 and later: VEO_GUIDE "Prompting for audio" — "With Veo 3, you can provide cues for sound effects,
 *   ambient noise, and dialogue … Dialogue: Use quotes for specific speech." Veo 2 is silent.
 * - Omni: audio in the same pass, dialogue included — "synchronized dialogue, ambient sound, music"
 *   (https://muapi.ai/id/gemini-omni, a third party, read 2026-11-29); OMNI_GUIDE as stored has no dialogue
 *   section, so the lines are written as VEO_GUIDE asks.
 */
export function modelSpeaks(modelId: string): boolean {
  const family = videoModelFamily(modelId);
  if (family === 'omni') return true;
  return family === 'veo' && !modelId.startsWith('veo-2');
}
