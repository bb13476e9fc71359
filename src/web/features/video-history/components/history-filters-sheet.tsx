import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryQuery } from '#shared/history-filters';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { cn } from '#web/lib/cn';
import { CLEAR_SHEET_FILTERS, sheetFilterCount } from '../lib/url-filters';
import { type FilterChange, PeriodFilters, SelectFilters } from './history-filter-fields';

/**
 * On a phone the filters fold behind one "Filtros (n)" button so the first video shows on the first screen. The
 * sheet is a Radix dialog (focus trapped and given back to the button, Escape closes); every change goes to the URL
 * at once, as inline, so the list behind it and the "Ver n resultados" button follow.
 */
export function HistoryFiltersSheet({
  query,
  timeZone,
  total,
  onChange,
  className,
}: {
  query: HistoryQuery;
  timeZone: string;
  /** The current filters' result count; undefined while it loads (the button then says no number). */
  total: number | undefined;
  onChange: (change: FilterChange) => void;
  className?: string;
}) {
  const { t } = useTranslation('videoHistory');
  const [open, setOpen] = useState(false);
  const active = sheetFilterCount(query);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className={cn('shrink-0', className)} data-testid="filters-open">
          <SlidersHorizontal aria-hidden="true" />
          {active > 0 ? t('filters.openCount', { active }) : t('filters.title')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="filters-sheet">
        <DialogHeader>
          <DialogTitle>{t('filters.title')}</DialogTitle>
          <DialogDescription>{t('filters.sheetDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <SelectFilters query={query} onChange={onChange} />
        </div>
        <PeriodFilters query={query} timeZone={timeZone} onChange={onChange} />
        <DialogFooter>
          <Button
            variant="ghost"
            disabled={active === 0}
            onClick={() => onChange(CLEAR_SHEET_FILTERS)}
            data-testid="filters-sheet-clear"
          >
            {t('filters.clear')}
          </Button>
          <Button onClick={() => setOpen(false)} data-testid="filters-sheet-done">
            {total === undefined ? t('filters.done') : t('filters.showResults', { count: total })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
