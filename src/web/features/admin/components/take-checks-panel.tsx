import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TAKE_PROBLEM_LABELS, type TakeCheckStats } from '#shared/take-check';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatAdminDateTime } from '../lib/format';

const percent = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${((part / whole) * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/**
 * The take guarantee (GET /api/admin/take-checks): how many delivered takes were checked in the last 30 days, how
 * many failed (re-rolled at no cost, or refunded after the re-roll failed too), why, and the last failures with
 * the text model's reasons.
 */
export function TakeChecksPanel({
  stats,
  isError,
  retrying,
  onRetry,
}: {
  stats: TakeCheckStats | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-take-checks">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('takeChecks.title')}
      </h2>
      {isError && !stats ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('takeChecks.loadError')}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : !stats ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <Card className="flex flex-col gap-4 p-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['checked', stats.checked, null],
                ['failed', stats.failed, percent(stats.failed, stats.checked)],
                ['rerolled', stats.rerolled, null],
                ['refunded', stats.refunded, null],
              ] as const
            ).map(([key, value, share]) => (
              <div key={key} className="flex flex-col gap-0.5">
                <dt className="text-xs text-muted-foreground">
                  {t(`takeChecks.${key}`, { days: stats.days })}
                </dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`take-checks-${key}`}>
                  {value.toLocaleString('pt-BR')}
                  {share ? (
                    <span className="ml-1 text-sm font-normal text-muted-foreground">({share})</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-1.5">
            <h3 className="text-sm font-medium">{t('takeChecks.byProblem')}</h3>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {stats.byProblem.map((item) => (
                <li key={item.kind} data-testid={`take-checks-problem-${item.kind}`}>
                  {TAKE_PROBLEM_LABELS[item.kind]}: <span className="tabular-nums">{item.count}</span>
                </li>
              ))}
            </ul>
          </div>
          {stats.recent.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <h3 className="text-sm font-medium">{t('takeChecks.recent')}</h3>
              <ul className="flex flex-col gap-2 text-sm">
                {stats.recent.map((item) => (
                  <li
                    key={`${item.requestId}-${item.take}`}
                    className="flex flex-col gap-0.5 border-t border-border pt-2"
                  >
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {formatAdminDateTime(item.checkedAt)} · {t('takeChecks.take', { number: item.take })} ·{' '}
                      <code className="break-all">{item.requestId}</code>
                    </span>
                    <span>{item.problems.map((problem) => problem.detail).join('; ')}</span>
                    {item.modelReasons ? (
                      <span className="text-xs text-muted-foreground">
                        {t('takeChecks.modelReasons', { reasons: item.modelReasons })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
      )}
    </section>
  );
}
