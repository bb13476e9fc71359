import type { VideoStatus } from './video-status';

/**
 * What a person is told of a request's progress (ADR 0035): four phases — Na fila, Gerando, Pronto, Falhou — in
 * every chip, header and list. The six stored statuses (spec §4) and the pipeline's steps stay in the detail page's
 * timeline, the history filter and the API.
 */
export const VIDEO_PHASES = ['queued', 'generating', 'ready', 'failed'] as const;
export type VideoPhase = (typeof VIDEO_PHASES)[number];

const PHASE_OF_STATUS: Record<VideoStatus, VideoPhase> = {
  pending: 'queued',
  processing: 'generating',
  generating: 'generating',
  rendering: 'generating',
  completed: 'ready',
  failed: 'failed',
};

export function videoPhaseOf(status: VideoStatus): VideoPhase {
  return PHASE_OF_STATUS[status];
}
