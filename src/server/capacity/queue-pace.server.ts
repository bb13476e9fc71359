import { VIDEO_DURATION_MINUTES, type VideoQuality } from '#shared/catalogue';
import type { BudgetHold, BudgetUse, ProviderBudget } from './provider-budget.server';

/** The modes one model serves (both modes may share one model, and so one budget). */
export interface QueueModel {
  model: string;
  qualities: VideoQuality[];
}

/** The queue's recent starts are counted over this window. */
export const FLOW_WINDOW_SECONDS = 30;
/** Fewer starts than this in the window: too few to measure the rate, the budget's figures are used. */
const MEASURED_STARTS_MIN = 20;

/**
 * How fast the queue moves. Starts per second: measured over the last FLOW_WINDOW_SECONDS when the queue has been
 * busy and nothing holds it, else per project the least of its generation slots turning over (in-flight limit ÷
 * the measured generation time), the rate Cena allows itself and the spend cap's pace (cap ÷ a create's cost per
 * spend window). A request within the free slots starts at once; the others after the requests ahead of them now,
 * and not before the hold on every project lifts (Google's `retryDelay`, the day's requests, the spend window:
 * ADR 0061). Users who arrive later may still go ahead of a user's later turns (ADR 0061): the estimate cannot know
 * them, so it is read again while the request waits.
 */
export function paceOf(
  uses: readonly BudgetUse[],
  budget: Pick<ProviderBudget, 'minuteMs' | 'spendWindowMs'>,
  measuredSeconds: number | null,
  group: QueueModel,
  costCents: number,
  recent: { starts: number } = { starts: 0 },
) {
  const fallbackSeconds = Math.max(
    ...group.qualities.map((quality) => VIDEO_DURATION_MINUTES[quality].min * 60),
  );
  const generationSeconds = measuredSeconds && measuredSeconds > 0 ? measuredSeconds : fallbackSeconds;
  const minuteSeconds = budget.minuteMs / 1000;
  const spendWindowSeconds = budget.spendWindowMs / 1000;
  const budgeted = uses.reduce(
    (sum, use) =>
      sum +
      Math.min(
        use.inFlightLimit / generationSeconds,
        use.learnedRequestsPerMinute / minuteSeconds,
        use.spendCapCents === null || costCents === 0
          ? Number.POSITIVE_INFINITY
          : use.spendCapCents / costCents / spendWindowSeconds,
      ),
    0,
  );
  const hold = holdOf(uses, minuteSeconds);
  const startsPerSecond =
    recent.starts >= MEASURED_STARTS_MIN && !hold ? recent.starts / FLOW_WINDOW_SECONDS : budgeted;
  const free = uses.reduce((sum, use) => sum + use.room, 0);
  return {
    heldBy: hold?.by ?? null,
    startsIn(position: number): number {
      if (position <= free || startsPerSecond <= 0) return 0;
      return Math.round((hold?.seconds ?? 0) + (position - free) / startsPerSecond);
    },
    /** The mode's usual generation time: measured, else the spec's "about 2–5 min" / "5–10 min" upper figure. */
    usualSeconds(quality: VideoQuality): number {
      return Math.round(
        measuredSeconds && measuredSeconds > 0 ? measuredSeconds : VIDEO_DURATION_MINUTES[quality].max * 60,
      );
    },
  };
}

/** When every project is held, the hold that lifts first (a hold of unknown end counts a minute). */
function holdOf(
  uses: readonly BudgetUse[],
  minuteSeconds: number,
): { by: BudgetHold; seconds: number } | undefined {
  let first: { by: BudgetHold; seconds: number } | undefined;
  for (const use of uses) {
    if (!use.heldBy) return undefined;
    const seconds = use.heldUntil
      ? Math.max(0, (use.heldUntil.getTime() - Date.now()) / 1000)
      : minuteSeconds;
    if (!first || seconds < first.seconds) first = { by: use.heldBy, seconds };
  }
  return first;
}
