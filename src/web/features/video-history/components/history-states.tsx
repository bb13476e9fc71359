import { FileSearch, Film, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';

/** The history's two empty states: no video yet (a way to the first), or none for these filters (clear them). */
export function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
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

/** The list's place while its first page loads. */
export function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
