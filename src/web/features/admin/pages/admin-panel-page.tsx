import { LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAILY_SERIES_DEFAULT_DAYS } from '#shared/admin';
import { toast } from '#web/components/ui/toaster';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useAdminDaily } from '../api/daily';
import { useFailedRequests } from '../api/failed-requests';
import { useAdminQueue } from '../api/queue';
import { useAdminStats } from '../api/stats';
import { useTakeCheckStats } from '../api/take-checks';
import { useUnknownOutcomes } from '../api/unknown-outcomes';
import { AdminActions } from '../components/admin-actions';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { DailyCharts } from '../components/daily-charts';
import { FailedRequests } from '../components/failed-requests';
import { NotasPanel } from '../components/notas-panel';
import { PayoutsPanel } from '../components/payouts-panel';
import { PlatformPanel } from '../components/platform-panel';
import { QueuePanel } from '../components/queue-panel';
import { ReportsPanel } from '../components/reports-panel';
import { StatsSection } from '../components/stats-section';
import { TakeChecksPanel } from '../components/take-checks-panel';
import { UnknownOutcomes } from '../components/unknown-outcomes';
import { UsersSection } from '../components/users-section';

/**
 * /admin-x7k9m2, inside the admin-only guard (spec §2 "Admin panel", docs/admin-contract.md): the metric cards,
 * the action buttons, the daily series, the last 24 h of failures, the reports and takedowns (ADR 0066), the notas fiscais (ADR 0041), the Pix refunds (ADR 0053), the platform's last 24 hours (API keys, webhooks, MCP) and the busiest keys, and the user search
 * with its detail and the 'Conceder créditos' dialog. The server checks the admin role on every call; this page only shows the answers.
 */
export default function AdminPanelPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('documentTitle'));
  const stats = useAdminStats();
  const daily = useAdminDaily(DAILY_SERIES_DEFAULT_DAYS);
  const failed = useFailedRequests();
  const unknown = useUnknownOutcomes();
  const queue = useAdminQueue();
  const takeChecks = useTakeCheckStats();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      const [statsResult] = await Promise.all([
        stats.refetch(),
        daily.refetch(),
        failed.refetch(),
        queue.refetch(),
        takeChecks.refetch(),
      ]);
      if (statsResult.isError) toast.error(t('stats.loadError'));
      else toast.success(t('actions.refreshed'));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="container-page flex flex-col gap-8 py-8 sm:py-10" data-testid="admin-panel">
      <header className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <LayoutDashboard aria-hidden="true" className="size-7 shrink-0 text-primary" />
          {t('title')}
        </h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>

      <StatsSection stats={stats} />

      <AdminActions onRefresh={() => void refresh()} refreshing={refreshing} />

      <DailyCharts
        days={daily.data}
        count={DAILY_SERIES_DEFAULT_DAYS}
        isError={daily.isError}
        retrying={daily.isFetching}
        onRetry={() => void daily.refetch()}
      />

      <QueuePanel
        queue={queue.data}
        isError={queue.isError}
        retrying={queue.isFetching}
        onRetry={() => void queue.refetch()}
      />

      <TakeChecksPanel
        stats={takeChecks.data}
        isError={takeChecks.isError}
        retrying={takeChecks.isFetching}
        onRetry={() => void takeChecks.refetch()}
      />

      <FailedRequests
        items={failed.data}
        isError={failed.isError}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />

      <UnknownOutcomes
        items={unknown.data}
        isError={unknown.isError}
        retrying={unknown.isFetching}
        onRetry={() => void unknown.refetch()}
      />

      <ReportsPanel />

      <NotasPanel />

      <PayoutsPanel />

      <PlatformPanel />

      <ApiKeysPanel />

      <UsersSection />
    </div>
  );
}
