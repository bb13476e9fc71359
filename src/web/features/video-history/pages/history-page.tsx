import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useMe } from '#web/features/accounts';
import { MakeFilmLink } from '#web/features/films';
import { cn } from '#web/lib/cn';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { ExportCsvButton } from '../components/export-csv-button';
import { HistoryFiltersBar } from '../components/history-filters-bar';
import { HistoryCards, HistoryTable } from '../components/history-list';
import { EmptyState, ListSkeleton } from '../components/history-states';
import { Pager } from '../components/pager';
import { useHistoryAddress } from '../hooks/use-history-address';
import { hasActiveFilters } from '../lib/url-filters';

/**
 * /dashboard/history (spec §2, §4, §5, docs/history-contract.md): filters in the URL through the shared schema
 * (shareable, back button works; any filter change resets to page 1), server-side paging (10 per page, up to 5 page
 * buttons), a table on desktop and cards under 768 px, the filters folded behind one button under 640 px, the two
 * empty states, CSV export of the current filters, live via the SSE
 * `video_request` event (the list lives under the `videos` query key).
 */
export default function HistoryPage() {
  const { t } = useTranslation('videoHistory');
  useDocumentTitle(t('documentTitle'));
  const { query, history, onChange, onClear, onPage } = useHistoryAddress();
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const data = history.data;
  const filtered = hasActiveFilters(query);
  const showEmpty = data && data.total === 0;

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10" data-testid="history-page">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
        </div>
        {/* Side by side on a phone too: one row less above the first video. */}
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-fit">
          <MakeFilmLink className="w-full sm:w-fit" />
          <ExportCsvButton query={query} timeZone={timeZone} disabled={!data || data.total === 0} />
        </div>
      </header>

      <HistoryFiltersBar
        query={query}
        timeZone={timeZone}
        total={history.isPlaceholderData ? undefined : data?.total}
        onChange={onChange}
        onClear={onClear}
      />

      <section
        aria-label={t('title')}
        aria-busy={history.isFetching}
        className="flex flex-col gap-4"
        data-testid="history-results"
      >
        {data ? (
          <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            <p aria-live="polite" data-testid="history-total">
              {t('total', { count: data.total })}
            </p>
            {history.isFetching ? <Spinner size="sm" label={t('loading')} /> : null}
          </div>
        ) : null}

        {history.isError && !data ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-destructive/30 bg-destructive-soft px-4 py-10 text-center"
            data-testid="history-error"
          >
            <p className="font-semibold">{t('loadError')}</p>
            <Button variant="outline" loading={history.isFetching} onClick={() => void history.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : !data ? (
          <>
            <Spinner label={t('loading')} className="self-start text-primary" />
            <ListSkeleton />
          </>
        ) : showEmpty ? (
          <EmptyState filtered={filtered} onClear={onClear} />
        ) : (
          // While a new filter's results load, the previous ones stay on screen dimmed and inert: a keyboard user
          // cannot land on a row that is about to go (focus would fall back to the page), and stays on the filter.
          <div
            inert={history.isPlaceholderData}
            className={cn('flex flex-col gap-4', history.isPlaceholderData && 'opacity-60')}
            data-testid="history-rows"
          >
            <HistoryTable items={data.items} timeZone={timeZone} />
            <HistoryCards items={data.items} timeZone={timeZone} />
            <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
          </div>
        )}
      </section>
    </div>
  );
}
