import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedRequestItem } from '../../../../shared/admin';
import { truncatePrompt } from '../../../../shared/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAdminDateTime } from '../lib/format';

/**
 * Requests that failed in the last 24 h (GET /api/admin/failed-requests), newest first: e-mail, prompt (first 50
 * characters, the whole one on hover), quality, error message and time. One list that reads as rows on wide
 * screens and as stacked cards at 375 px.
 */
export function FailedRequests({
  items,
  isError,
  retrying,
  onRetry,
}: {
  items: FailedRequestItem[] | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-failed">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('failed.title')}
        </h2>
        {items ? (
          <p className="text-sm text-muted-foreground" data-testid="failed-count">
            {t('failed.count', { count: items.length })}
          </p>
        ) : null}
      </div>
      {isError && !items ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('failed.loadError')}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : !items ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : items.length === 0 ? (
        <div
          className="flex items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
          data-testid="failed-empty"
        >
          <CircleCheck aria-hidden="true" className="size-5 text-success" />
          {t('failed.empty')}
        </div>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li
                key={item.id}
                className="grid grid-cols-1 gap-x-4 gap-y-1.5 p-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
                data-testid="failed-item"
                data-id={item.id}
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="sr-only">{t('failed.email')}: </span>
                  <span
                    className="truncate text-sm font-medium"
                    title={item.userEmail}
                    data-testid="failed-email"
                  >
                    {item.userEmail}
                  </span>
                  <time dateTime={item.failedAt} className="text-xs text-muted-foreground tabular-nums">
                    <span className="sr-only">{t('failed.time')}: </span>
                    <span data-testid="failed-time">{formatAdminDateTime(item.failedAt)}</span>
                  </time>
                </div>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="text-sm break-words" title={item.prompt}>
                    <span className="sr-only">{t('failed.prompt')}: </span>
                    <span data-testid="failed-prompt">{truncatePrompt(item.prompt)}</span>
                  </p>
                  <p className="text-xs break-words text-destructive" data-testid="failed-error">
                    <span className="sr-only">{t('failed.error')}: </span>
                    {item.errorMessage ?? t('failed.noMessage')}
                  </p>
                </div>
                <div className="flex items-start gap-2 md:flex-col md:items-end">
                  <Badge variant="secondary">
                    <span className="sr-only">{t('failed.quality')}: </span>
                    <span data-testid="failed-quality">{tv(`quality.${item.quality}`)}</span>
                  </Badge>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('failed.credits', { credits: item.creditsUsed })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
