import { Flag, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportQueue } from '#shared/reports';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useReportQueue } from '../api/reports';
import { formatAdminDateTime } from '../lib/format';
import { ContestItem, ReportItem } from './report-item';

/**
 * 'Denúncias' (ADR 0066, GET /api/admin/reports): the figures (open reports, median time to decision over 30
 * days), then each open report, oldest first, with its reason, what the visitor wrote, the video itself and its
 * prompt, and the two decisions; then the owners' contests. Stacked cards at 375 px.
 */
export function ReportsPanel() {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const query = useReportQueue();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-reports">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <Flag aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t('reports.title')}
      </h2>
      {query.isError && !query.data ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('reports.loadError')}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('retry')}
          </Button>
        </Card>
      ) : query.data ? (
        <ReportQueueView queue={query.data} />
      ) : (
        <Skeleton className="h-32 w-full" data-testid="reports-loading" />
      )}
    </section>
  );
}

function ReportQueueView({ queue }: { queue: ReportQueue }) {
  const { t, i18n } = useTranslation('admin');
  const median = queue.summary.medianMinutesToDecision;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md" data-testid="reports-summary">
        <Card className="gap-1 p-4">
          <dt className="text-xs text-muted-foreground">{t('reports.open')}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="reports-open">
            {queue.summary.openReports}
          </dd>
        </Card>
        <Card className="gap-1 p-4">
          <dt className="text-xs text-muted-foreground">{t('reports.medianToDecision')}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="reports-median">
            {median === null
              ? t('none')
              : t('reports.minutes', {
                  value: median.toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
                })}
          </dd>
        </Card>
      </dl>
      {queue.reports.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="reports-empty">
          <ShieldCheck aria-hidden="true" className="size-5 text-success" />
          {t('reports.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {queue.reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      {queue.contests.length > 0 ? (
        <>
          <h3 className="text-base font-semibold">{t('reports.contestsTitle')}</h3>
          <ul className="flex flex-col gap-3">
            {queue.contests.map((contest) => (
              <ContestItem
                key={contest.takedownId}
                contest={contest}
                when={formatAdminDateTime(contest.contestedAt)}
              />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
