import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { HistoryQuery } from '#shared/history-filters';
import { Button } from '#web/components/ui/button';
import { hasActiveFilters } from '../lib/url-filters';
import { type FilterChange, PeriodFilters, SearchField, SelectFilters } from './history-filter-fields';
import { HistoryFiltersSheet } from './history-filters-sheet';

/**
 * Search, quality, status and the period. From 640 px (Tailwind's `sm`) they sit inline; under it only the search
 * stays, next to the "Filtros (n)" button that opens the rest in a sheet. Both layouts are in the markup and CSS picks
 * one, so nothing jumps on load. Every change goes through `onChange`, which resets the page to 1.
 */
export function HistoryFiltersBar({
  query,
  timeZone,
  total,
  onChange,
  onClear,
}: {
  query: HistoryQuery;
  timeZone: string;
  /** The current filters' result count, undefined while it loads. */
  total: number | undefined;
  onChange: (change: FilterChange) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('videoHistory');
  return (
    <section aria-label={t('filters.title')} className="flex flex-col gap-4" data-testid="history-filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex items-end gap-2 sm:col-span-2">
          <SearchField q={query.q} onChange={onChange} className="min-w-0 flex-1" />
          <HistoryFiltersSheet
            query={query}
            timeZone={timeZone}
            total={total}
            onChange={onChange}
            className="sm:hidden"
          />
        </div>
        <div className="hidden sm:contents">
          <SelectFilters query={query} onChange={onChange} />
        </div>
      </div>
      <div className="hidden sm:block">
        <PeriodFilters query={query} timeZone={timeZone} onChange={onChange}>
          {hasActiveFilters(query) ? (
            <Button variant="ghost" size="sm" className="h-10" onClick={onClear} data-testid="filter-clear">
              <X aria-hidden="true" />
              {t('filters.clear')}
            </Button>
          ) : null}
        </PeriodFilters>
      </div>
    </section>
  );
}
