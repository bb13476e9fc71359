import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminQueue } from '#shared/video-queue';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { queueWait } from '#web/features/videos';

/**
 * The fair queue and the provider budgets (ADR 0061): per mode, how many wait and for how long; per Google Cloud
 * project and model, generations in progress against the limit, creates in the last minute against the rate (and
 * the rate Cena uses after 429s), today against the daily limit, and the 429s of the last hour. Cards, so it reads
 * the same at 375 px.
 */
export function QueuePanel({
  queue,
  isError,
  retrying,
  onRetry,
}: {
  queue: AdminQueue | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const titleId = useId();
  const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-queue">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Users aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('queue.title')}
      </h2>
      {isError && !queue ? (
        <Card
          role="alert"
          className="flex-row flex-wrap items-center gap-3 border-destructive/30 bg-destructive-soft p-4 text-sm font-medium text-destructive"
        >
          {t('queue.loadError')}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : !queue ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {queue.modes.map((mode) => (
              <li key={mode.quality} data-testid="queue-mode" data-quality={mode.quality}>
                <Card className="gap-1 p-4">
                  <p className="text-sm text-muted-foreground">
                    {tv(`quality.${mode.quality}`)} · <span className="break-all">{mode.model}</span>
                  </p>
                  <p className="text-xl font-semibold tabular-nums">
                    {t('queue.waiting', { count: mode.waiting })}
                  </p>
                  {mode.oldestWaitSeconds !== null ? (
                    <p className="text-sm text-muted-foreground">
                      {t('queue.oldest', { wait: queueWait(tv, mode.oldestWaitSeconds) })}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
          <h3 className="text-base font-medium">{t('queue.budgets')}</h3>
          <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {queue.budgets.map((budget) => (
              <li key={`${budget.project}/${budget.model}`} data-testid="queue-budget">
                <Card className="gap-2 p-4 text-sm">
                  <p className="font-medium break-all">
                    {budget.project} · {budget.model}
                  </p>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 tabular-nums">
                    <dt className="text-muted-foreground">{t('queue.inFlight')}</dt>
                    <dd>
                      {budget.inFlight} / {budget.inFlightLimit}
                    </dd>
                    <dt className="text-muted-foreground">{t('queue.lastMinute')}</dt>
                    <dd>
                      {budget.requestsLastMinute} / {budget.requestsPerMinute}{' '}
                      <span className="text-muted-foreground">
                        ({t('queue.learned', { rpm: number.format(budget.learnedRequestsPerMinute) })})
                      </span>
                    </dd>
                    <dt className="text-muted-foreground">{t('queue.today')}</dt>
                    <dd>
                      {budget.requestsToday} / {budget.requestsPerDay ?? t('queue.noDailyLimit')}
                    </dd>
                    <dt className="text-muted-foreground">{t('queue.throttled')}</dt>
                    <dd data-testid="queue-throttled">{budget.throttledLastHour}</dd>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
