import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DailyPoint } from '#shared/admin';
import { formatBRL } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { formatDayMonth } from '../lib/format';

type Metric = 'signups' | 'revenue' | 'videos';
const METRICS: readonly Metric[] = ['signups', 'revenue', 'videos'];

const BAR_COLOR: Record<Metric, string> = {
  signups: 'fill-primary',
  revenue: 'fill-success',
  videos: 'fill-warning',
};

const format = (metric: Metric, value: number) =>
  metric === 'revenue' ? formatBRL(value) : formatCredits(value);

/** Slot width in the SVG's own units; bars take 80 % of it. The SVG stretches to the card (no text inside). */
const SLOT = 10;
const HEIGHT = 100;

/**
 * One bar chart, hand-written SVG: bars stretch to any width (`preserveAspectRatio="none"`, text stays in HTML).
 * Screen readers get a one-sentence summary on the image and the full series in a visually hidden table.
 */
function BarChart({ metric, days }: { metric: Metric; days: DailyPoint[] }) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const values = days.map((day) => day[metric]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = Math.max(0, ...values);
  const peakIndex = values.indexOf(peak);
  const label = t(`daily.${metric}`);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  const summary = t('daily.summary', {
    metric: label,
    from: formatDayMonth(first),
    to: formatDayMonth(last),
    total: format(metric, total),
    peak: format(metric, peak),
    peakDay: formatDayMonth(days[peakIndex]?.date ?? first),
  });

  return (
    <Card className="min-w-0 gap-3 p-4" data-testid={`daily-${metric}`} data-total={total}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-sm font-semibold">
          {label}
        </h3>
        <p className="text-sm font-semibold tabular-nums" data-testid={`daily-${metric}-total`}>
          {t('daily.total', { value: format(metric, total) })}
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {t('daily.peak', { value: format(metric, peak) })}
        </p>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${Math.max(days.length, 1) * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-28 w-full overflow-visible"
        >
          <line
            x1={0}
            x2={days.length * SLOT}
            y1={HEIGHT}
            y2={HEIGHT}
            className="stroke-border"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          {days.map((day, index) => {
            const value = day[metric];
            // A visible stub for non-zero days that would round to nothing next to a big peak.
            const height = peak > 0 && value > 0 ? Math.max((value / peak) * (HEIGHT - 4), 2) : 0;
            return (
              <rect
                key={day.date}
                x={index * SLOT + SLOT * 0.1}
                y={HEIGHT - height}
                width={SLOT * 0.8}
                height={height}
                rx={1}
                className={cn(BAR_COLOR[metric], 'opacity-85 hover:opacity-100')}
              >
                <title>
                  {t('daily.bar', { day: formatDayMonth(day.date), value: format(metric, value) })}
                </title>
              </rect>
            );
          })}
        </svg>
        <div className="flex justify-between text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          <span>{formatDayMonth(first)}</span>
          <span>{formatDayMonth(last)}</span>
        </div>
      </div>
      <table className="sr-only">
        <caption>{t('daily.tableCaption', { metric: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('daily.day')}</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDayMonth(day.date)}</th>
              <td>{format(metric, day[metric])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Sign-ups, revenue and videos per São Paulo day (GET /api/admin/daily), three small charts side by side. */
export function DailyCharts({
  days,
  count,
  isError,
  retrying,
  onRetry,
}: {
  days: DailyPoint[] | undefined;
  count: number;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-daily">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('daily.title', { days: count })}
      </h2>
      {isError && !days ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('daily.loadError')}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {days
            ? METRICS.map((metric) => <BarChart key={metric} metric={metric} days={days} />)
            : METRICS.map((metric) => (
                <Skeleton key={metric} className="h-52 w-full rounded-(--radius-card)" />
              ))}
        </div>
      )}
    </section>
  );
}
