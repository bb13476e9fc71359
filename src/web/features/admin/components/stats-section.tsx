import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import type { useAdminStats } from '../api/stats';
import { formatAdminDateTime } from '../lib/format';
import { StatsGrid } from './stats-grid';

/** The panel's metric cards, with when they were computed, or why they could not be read and a retry. */
export function StatsSection({ stats }: { stats: ReturnType<typeof useAdminStats> }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('stats.title')}
        </h2>
        {stats.data ? (
          <p className="text-sm text-muted-foreground tabular-nums">
            <time dateTime={stats.data.generatedAt} data-testid="stats-generated-at">
              {t('stats.generatedAt', { time: formatAdminDateTime(stats.data.generatedAt) })}
            </time>
          </p>
        ) : stats.isPending ? (
          <Skeleton className="h-4 w-40" />
        ) : null}
      </div>
      {stats.isError && !stats.data ? (
        <Card
          role="alert"
          className="flex-row flex-wrap items-center gap-3 border-destructive/30 bg-destructive-soft p-4 text-sm font-medium text-destructive"
          data-testid="stats-error"
        >
          {t('stats.loadError')}
          <Button size="sm" variant="outline" onClick={() => void stats.refetch()} loading={stats.isFetching}>
            {t('retry')}
          </Button>
        </Card>
      ) : (
        <div aria-busy={stats.isFetching || undefined}>
          <StatsGrid stats={stats.data} loading={stats.isPending} />
        </div>
      )}
    </section>
  );
}
