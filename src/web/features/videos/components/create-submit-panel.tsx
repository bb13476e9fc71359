import { Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QueueModeEstimate } from '#shared/video-queue';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';
import { queueWait } from '../lib/queue-place';
import { CostSummary } from './cost-summary';

/** Why the wait is long when a provider's limit holds the queue (src/shared/video-queue.ts `heldBy`). */
const HELD_TEXT = {
  retry: 'queue.heldRetry',
  daily: 'queue.heldDaily',
  spend: 'queue.heldSpend',
} as const;

/**
 * The create form's side: cost and balance, the refusal that is not a field's, and the submit button. Below the
 * `lg` breakpoint the button and the cost are a bar fixed to the bottom of the screen, so on a phone the action is
 * always in reach with the form filled, not three screens down.
 */
export function CreateSubmitPanel({
  cost,
  videos,
  balance,
  balanceError,
  showPricing,
  onBuy,
  error,
  busy,
  blocked,
  queue,
}: {
  cost: number;
  /** The variations the cost is for. */
  videos: number;
  balance: number | undefined;
  balanceError: boolean;
  showPricing: boolean;
  onBuy: () => void;
  error: string | null;
  /** The request is being sent (or was, and the page is leaving). */
  busy: boolean;
  /** Nothing can be sent now: a short balance, an image being checked, the mode unavailable. */
  blocked: boolean;
  /** What the chosen mode would wait now; the note shows only when it is longer than usual. */
  queue: QueueModeEstimate | undefined;
}) {
  const { t } = useTranslation('videos');
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-20">
      <CostSummary
        cost={cost}
        videos={videos}
        balance={balance}
        balanceError={balanceError}
        showPricing={showPricing}
        onBuy={onBuy}
      />
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
          data-testid="create-error"
        >
          {error}
        </p>
      ) : null}
      {queue?.longerThanUsual ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 p-3 text-sm"
          data-testid="queue-long-wait"
        >
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {t(queue.heldBy ? HELD_TEXT[queue.heldBy] : 'queue.longWait', {
            wait: queueWait(t, queue.etaSeconds),
            waiting: queue.waiting,
          })}
        </p>
      ) : null}
      <div
        className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-border bg-background/95 px-4 py-3 shadow-lg backdrop-blur lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
        data-testid="create-submit-bar"
      >
        <p className="flex shrink-0 flex-col text-sm leading-tight lg:hidden" data-testid="submit-bar-cost">
          <span className="text-xs text-muted-foreground">{t('create.summary.cost', { count: videos })}</span>
          <span className="font-semibold tabular-nums">
            {t('create.summary.credits', { count: cost, value: formatCredits(cost) })}
          </span>
        </p>
        <Button
          type="submit"
          size="lg"
          className="w-full min-w-0 flex-1"
          loading={busy}
          disabled={blocked}
          data-testid="create-submit"
        >
          {busy ? (
            t('create.submitting')
          ) : (
            <>
              <Sparkles aria-hidden="true" />
              {t('create.submit')}
            </>
          )}
        </Button>
      </div>
    </div>
  );
}
