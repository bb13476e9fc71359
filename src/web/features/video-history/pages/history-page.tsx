import { Download, FileSearch, Film, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { type HistoryQuery, historySearchParams } from '#shared/history-filters';
import { zonedDay } from '#shared/time';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/components/ui/toaster';
import { useMe } from '#web/features/accounts';
import { MakeFilmLink } from '#web/features/films';
import { cn } from '#web/lib/cn';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { downloadHistoryCsv, useHistory } from '../api/history';
import type { FilterChange } from '../components/history-filter-fields';
import { HistoryFiltersBar } from '../components/history-filters-bar';
import { HistoryCards, HistoryTable } from '../components/history-list';
import { Pager } from '../components/pager';
import { DEFAULT_HISTORY_QUERY, hasActiveFilters, parseHistoryParams } from '../lib/url-filters';

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('videoHistory');
  const Icon = filtered ? FileSearch : Film;
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-12 text-center"
      data-testid={filtered ? 'history-no-results' : 'history-empty'}
    >
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{filtered ? t('noResults.title') : t('empty.title')}</h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        {filtered ? t('noResults.body') : t('empty.body')}
      </p>
      {filtered ? (
        <Button variant="outline" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      ) : (
        <Button asChild>
          <Link to="/dashboard/create" data-testid="history-create-first">
            <Plus aria-hidden="true" />
            {t('empty.create')}
          </Link>
        </Button>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

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
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseHistoryParams(params), [params]);
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const history = useHistory(query);
  const [exporting, setExporting] = useState(false);

  const navigate = useCallback(
    (next: HistoryQuery) => setParams(historySearchParams(next), { preventScrollReset: true }),
    [setParams],
  );
  const onChange = useCallback(
    (change: FilterChange) => {
      // Build on the address bar, not this render's query: a change right after another (the search's debounce
      // firing, then a select) would otherwise bring back a filter the first one had just removed.
      const current = parseHistoryParams(new URLSearchParams(window.location.search));
      const next: HistoryQuery = { ...current, ...change, page: 1 };
      // Keep the range valid: moving one end past the other moves both.
      if (next.from && next.to && next.from > next.to) {
        if (change.from) next.to = next.from;
        else next.from = next.to;
      }
      navigate(next);
    },
    [navigate],
  );
  const onClear = useCallback(() => navigate(DEFAULT_HISTORY_QUERY), [navigate]);
  const onPage = (page: number) => {
    navigate({ ...query, page });
    window.scrollTo({ top: 0 });
  };

  const data = history.data;
  // A page past the end (items deleted, an old link): go to the last page.
  useEffect(() => {
    if (data && data.total > 0 && query.page > data.totalPages) {
      setParams(historySearchParams({ ...query, page: data.totalPages }), { replace: true });
    }
  }, [data, query, setParams]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, ...filters } = query;
      await downloadHistoryCsv(filters, `historico-videos-${zonedDay(new Date(), timeZone)}.csv`);
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportError'));
    } finally {
      setExporting(false);
    }
  };

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
          <Button
            variant="outline"
            loading={exporting}
            disabled={!data || data.total === 0}
            onClick={() => void exportCsv()}
            className="w-full sm:w-fit"
            data-testid="export-csv"
          >
            {exporting ? null : <Download aria-hidden="true" />}
            {t('exportCsv')}
          </Button>
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
