import { BarChart3, CalendarDays, ChevronDown, Coins, Gauge, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STATS_RANGES, type StatsRange } from '#shared/time';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits, useCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { useDashboardStats } from '../api/dashboard';

function StatCard({
  label,
  icon,
  value,
  hint,
  testId,
  dataValue,
  loading,
}: {
  label: string;
  icon: ReactNode;
  value: ReactNode;
  hint: ReactNode;
  testId: string;
  dataValue: string | undefined;
  loading: boolean;
}) {
  return (
    <Card className="gap-2 p-4 sm:p-5" data-testid={testId} data-value={dataValue}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <span aria-hidden="true" className="text-primary [&_svg]:size-5">
          {icon}
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-4 w-32" />
        </>
      ) : (
        <>
          <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</p>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </>
      )}
    </Card>
  );
}

/**
 * Stats (spec §2) with the range dropdown: videos created and credits spent in the range, the balance (live from
 * the credits cache, which the SSE stream updates), videos this month and the most-used quality mode.
 */
export function StatsSection({
  range,
  onRangeChange,
}: {
  range: StatsRange;
  onRangeChange: (range: StatsRange) => void;
}) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const stats = useDashboardStats(range);
  const credits = useCredits();
  const data = stats.data;
  const loading = stats.isPending && !stats.isError;
  const dash = t('stats.quality.none');
  const balance = credits.data?.balance ?? data?.balance;
  const rangeLabel = t(`stats.ranges.${range}`);
  const quality = data ? (data.mostUsedQuality ?? 'none') : undefined;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="stats">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          <BarChart3 aria-hidden="true" className="size-5 text-primary" />
          {t('stats.title')}
        </h2>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              size="sm"
              data-testid="stats-range"
              data-range={range}
              aria-label={t('stats.rangeMenu', { range: rangeLabel })}
            >
              <CalendarDays aria-hidden="true" />
              {rangeLabel}
              <ChevronDown aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent className="w-52">
            <DropdownMenuLabel>{t('stats.rangeLabel')}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={range}
              onValueChange={(value) => onRangeChange(value as StatsRange)}
            >
              {STATS_RANGES.map((option) => (
                <DropdownMenuRadioItem key={option} value={option} data-testid={`stats-range-${option}`}>
                  {t(`stats.ranges.${option}`)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {stats.isError && !data ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('stats.error')}
          <Button size="sm" variant="outline" onClick={() => void stats.refetch()} loading={stats.isFetching}>
            {t('stats.retry')}
          </Button>
        </Card>
      ) : null}
      <div
        className={cn(
          'grid grid-cols-2 gap-3 transition-opacity lg:grid-cols-4',
          stats.isPlaceholderData && 'opacity-60',
        )}
        aria-busy={stats.isFetching || undefined}
        aria-live="polite"
      >
        <StatCard
          label={t('stats.videosCreated')}
          icon={<Video />}
          testId="stat-videos"
          dataValue={data ? String(data.videosCreated) : undefined}
          loading={loading}
          value={data ? formatCredits(data.videosCreated) : dash}
          hint={data ? t('stats.creditsSpent', { count: data.creditsSpent }) : dash}
        />
        <StatCard
          label={t('stats.balance')}
          icon={<Coins />}
          testId="stat-balance"
          dataValue={balance === undefined ? undefined : String(balance)}
          loading={balance === undefined && !(credits.isError && stats.isError)}
          value={
            balance === undefined ? dash : <span data-testid="balance-value">{formatCredits(balance)}</span>
          }
          hint={t('stats.balanceHint')}
        />
        <StatCard
          label={t('stats.thisMonth')}
          icon={<CalendarDays />}
          testId="stat-this-month"
          dataValue={data ? String(data.thisMonth) : undefined}
          loading={loading}
          value={data ? formatCredits(data.thisMonth) : dash}
          hint={t('stats.thisMonthHint')}
        />
        <StatCard
          label={t('stats.mostUsedQuality')}
          icon={<Gauge />}
          testId="stat-quality"
          dataValue={quality}
          loading={loading}
          value={quality ? t(`stats.quality.${quality}`) : dash}
          hint={t('stats.qualityHint')}
        />
      </div>
    </section>
  );
}
