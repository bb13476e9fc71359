/**
 * A video request's statuses (spec §4). Kept apart from video-request.ts, which builds zod schemas when imported,
 * so light pages (confirmation, dashboard) can use them without loading zod.
 */
export const VIDEO_STATUSES = [
  'pending',
  'processing',
  'generating',
  'rendering',
  'completed',
  'failed',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const FINAL_VIDEO_STATUSES: readonly VideoStatus[] = ['completed', 'failed'];

export function isFinalVideoStatus(status: VideoStatus): boolean {
  return FINAL_VIDEO_STATUSES.includes(status);
}
