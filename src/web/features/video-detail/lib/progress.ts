import { VIDEO_DURATION_MINUTES, type VideoQuality } from '#shared/catalogue';

/**
 * When a running request should be ready, as an instant in ms: while it waits in line, the queue's ETA to its start
 * (ADR 0061) plus the mode's usual generation time; once it runs, its creation plus that time. The usual time is
 * the one the API measures over recent videos (`GET /api/videos/queue`'s `usualSeconds`), or the catalogue's upper
 * bound until it is known, so the count errs on the long side.
 */
export function readyAt(input: {
  quality: VideoQuality;
  createdAt: string;
  /** Seconds until it starts, while it waits in line; null once it runs. */
  startsInSeconds: number | null;
  usualSeconds: number | undefined;
  /** When the answer carrying `startsInSeconds` arrived. */
  receivedAt: number;
}): number {
  const usual = input.usualSeconds ?? VIDEO_DURATION_MINUTES[input.quality].max * 60;
  if (input.startsInSeconds !== null) return input.receivedAt + (input.startsInSeconds + usual) * 1000;
  return Date.parse(input.createdAt) + usual * 1000;
}

/** Whole seconds left until `deadline`, never negative. */
export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** `m:ss` (or `h:mm:ss`), the countdown's clock. */
export function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
