/**
 * When a failed delivery is tried again (ADR 0064). Standard Webhooks' example schedule — immediately, 5 seconds,
 * 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours, … — with random jitter "to prevent cases where the failures
 * are due to recurring load caused by the webhook attempts themselves"
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md, "Deliverability and
 * reliability"). Cena keeps it to 24 hours: the spec's steps up to 17:35:05 after the first attempt, then one last
 * attempt at 24:00:00. Offsets are from the schedule's start (the first attempt, or a 'reenviar').
 */
const HOUR_MS = 60 * 60_000;
export const RETRY_OFFSETS_MS: readonly number[] = [
  0,
  5_000,
  5_000 + 5 * 60_000,
  5_000 + 35 * 60_000,
  5_000 + 35 * 60_000 + 2 * HOUR_MS,
  5_000 + 35 * 60_000 + 7 * HOUR_MS,
  5_000 + 35 * 60_000 + 17 * HOUR_MS,
  24 * HOUR_MS,
];

/** Each wait after the first is stretched or shrunk by up to this share, at random. */
const JITTER = 0.1;

/**
 * The time of the next attempt after `made` attempts of a schedule started at `startedAt`; undefined when the
 * schedule is spent. `random` is in [0, 1): Math.random unless a test fixes it.
 */
export function nextAttemptAt(
  startedAt: Date,
  made: number,
  random: () => number = Math.random,
): Date | undefined {
  const offset = RETRY_OFFSETS_MS[made];
  if (offset === undefined) return undefined;
  const previous = RETRY_OFFSETS_MS[made - 1] ?? 0;
  // Only the wait is jittered, so attempts stay in order and the last stays within the 24 hours' tenth.
  const wait = (offset - previous) * (1 + JITTER * (2 * random() - 1));
  return new Date(startedAt.getTime() + previous + Math.min(wait, 24 * HOUR_MS - previous));
}
