import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HistoryQuery, PHASE_FILTERS, QUALITY_FILTERS } from '#shared/history-filters';
import { videoPhaseOf } from '#shared/video-phase';
import type { VideoStatus } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { DayInput } from '#web/components/ui/day-input';
import { Input, Label } from '#web/components/ui/input';
import { NativeSelect } from '#web/features/accounts';
import { cn } from '#web/lib/cn';
import { QUICK_RANGES, type QuickRange, quickRange } from '../lib/url-filters';

export type FilterChange = Partial<Omit<HistoryQuery, 'page'>>;

const SEARCH_DEBOUNCE_MS = 350;

/** The prompt search, debounced; Enter sends it at once. */
export function SearchField({
  q,
  onChange,
  className,
}: {
  q: string;
  onChange: (change: FilterChange) => void;
  className?: string;
}) {
  const { t } = useTranslation('videoHistory');
  const id = useId();
  const [search, setSearch] = useState(q);
  const lastSent = useRef(q);

  // The URL changed (back button, clear, shared link): show its search.
  useEffect(() => {
    if (q !== lastSent.current) {
      lastSent.current = q;
      setSearch(q);
    }
  }, [q]);

  useEffect(() => {
    const value = search.trim();
    if (value === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = value;
      onChange({ q: value });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, onChange]);

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{t('filters.search')}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          value={search}
          maxLength={200}
          placeholder={t('filters.searchPlaceholder')}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              const value = search.trim();
              lastSent.current = value;
              onChange({ q: value });
            }
          }}
          data-testid="filter-search"
        />
      </div>
    </div>
  );
}

/** Quality and status: two grid cells, so the caller decides the layout. */
export function SelectFilters({
  query,
  onChange,
}: {
  query: HistoryQuery;
  onChange: (change: FilterChange) => void;
}) {
  const { t } = useTranslation('videoHistory');
  const { t: tv } = useTranslation('videos');
  const ids = useId();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-quality`}>{t('filters.quality')}</Label>
        <NativeSelect
          id={`${ids}-quality`}
          value={query.quality}
          onChange={(event) => onChange({ quality: event.target.value as HistoryQuery['quality'] })}
          data-testid="filter-quality"
        >
          {QUALITY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? t('filters.qualityAll') : tv(`quality.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-status`}>{t('filters.status')}</Label>
        <NativeSelect
          id={`${ids}-status`}
          value={query.status}
          onChange={(event) => onChange({ status: event.target.value as HistoryQuery['status'] })}
          data-testid="filter-status"
        >
          {PHASE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? t('filters.statusAll') : tv(`phase.${value}`)}
            </option>
          ))}
          {/* A shared link may name a stored status (the API still takes them): shown as its phase's word. */}
          {(PHASE_FILTERS as readonly string[]).includes(query.status) ? null : (
            <option value={query.status}>{tv(`phase.${videoPhaseOf(query.status as VideoStatus)}`)}</option>
          )}
        </NativeSelect>
      </div>
    </>
  );
}

/**
 * The period: custom from/to and today / 7 days / 30 days in the user's zone. `children` follow the quick ranges
 * (the inline bar's "Limpar filtros").
 */
export function PeriodFilters({
  query,
  timeZone,
  onChange,
  children,
}: {
  query: HistoryQuery;
  timeZone: string;
  onChange: (change: FilterChange) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('videoHistory');
  const ids = useId();
  const now = new Date();
  const activeQuick = QUICK_RANGES.find((range) => {
    const r = quickRange(range, now, timeZone);
    return r.from === query.from && r.to === query.to;
  });
  const applyQuick = (range: QuickRange) => onChange(quickRange(range, new Date(), timeZone));

  return (
    <fieldset className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <legend className="mb-1.5 text-sm font-medium">{t('filters.period')}</legend>
      <div className="grid grid-cols-2 gap-3 lg:w-96">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${ids}-from`}>{t('filters.from')}</Label>
          <DayInput
            id={`${ids}-from`}
            value={query.from}
            max={query.to}
            onValueChange={(day) => onChange({ from: day })}
            invalidMessage={t('filters.invalidDay')}
            data-testid="filter-from"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${ids}-to`}>{t('filters.to')}</Label>
          <DayInput
            id={`${ids}-to`}
            value={query.to}
            min={query.from}
            onValueChange={(day) => onChange({ to: day })}
            invalidMessage={t('filters.invalidDay')}
            data-testid="filter-to"
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {QUICK_RANGES.map((range) => (
          <Button
            key={range}
            variant={activeQuick === range ? 'primary' : 'outline'}
            size="sm"
            className="h-10"
            aria-pressed={activeQuick === range}
            onClick={() => applyQuick(range)}
            data-testid={`quick-${range}`}
          >
            {t(`filters.${range}`)}
          </Button>
        ))}
        {children}
      </div>
    </fieldset>
  );
}
