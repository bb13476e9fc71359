import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '#shared/catalogue';
import { Button } from '#web/components/ui/button';

/** Up to `buttons` page numbers around the current page (spec §9: 5), clamped to 1…totalPages. */
export function pageWindow(
  page: number,
  totalPages: number,
  buttons: number = LIMITS.historyPagerButtons,
): number[] {
  const count = Math.min(buttons, totalPages);
  let first = Math.max(1, page - Math.floor(count / 2));
  first = Math.min(first, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('videoHistory');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-col items-center gap-2" data-testid="pager">
      <div className="flex flex-wrap items-center justify-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="pager-previous"
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t('pager.previous')}</span>
        </Button>
        {pageWindow(page, totalPages).map((n) => (
          <Button
            key={n}
            variant={n === page ? 'primary' : 'ghost'}
            size="sm"
            className="min-w-8 tabular-nums"
            aria-label={t('pager.page', { page: n })}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
            data-testid={`pager-page-${n}`}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
          data-testid="pager-next"
        >
          <span className="sr-only sm:not-sr-only">{t('pager.next')}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {t('pager.summary', { page, totalPages })}
      </p>
    </nav>
  );
}
