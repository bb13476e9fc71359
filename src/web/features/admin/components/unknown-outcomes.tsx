import { CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnknownOutcomeItem } from '../../../../shared/admin';
import { truncatePrompt } from '../../../../shared/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAdminDateTime } from '../lib/format';

/**
 * Requests refunded without knowing whether Google accepted (and bills) their create (GET
 * /api/admin/unknown-outcomes, ADR 0014), newest first: who, what, and the project, model and time to look up in
 * Google's billing. Rows on wide screens, stacked cards at 375 px.
 */
export function UnknownOutcomes({
  items,
  isError,
  retrying,
  onRetry,
}: {
  items: UnknownOutcomeItem[] | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="admin-unknown-outcomes">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('unknownOutcomes.title')}
        </h2>
        {items ? (
          <p className="text-sm text-muted-foreground">{t('failed.count', { count: items.length })}</p>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{t('unknownOutcomes.description')}</p>
      {isError && !items ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {t('unknownOutcomes.loadError')}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : !items ? (
        <Skeleton className="h-16 w-full" aria-hidden="true" />
      ) : items.length === 0 ? (
        <div className="flex items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-6 text-sm text-muted-foreground">
          <CircleCheck aria-hidden="true" className="size-5 text-success" />
          {t('unknownOutcomes.empty')}
        </div>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <li
                key={item.id}
                className="grid grid-cols-1 gap-x-4 gap-y-1.5 p-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
                data-testid="unknown-outcome-item"
                data-id={item.id}
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="sr-only">{t('failed.email')}: </span>
                  <span className="truncate text-sm font-medium" title={item.userEmail}>
                    {item.userEmail}
                  </span>
                  <time dateTime={item.recordedAt} className="text-xs text-muted-foreground tabular-nums">
                    <span className="sr-only">{t('unknownOutcomes.recordedAt')}: </span>
                    {formatAdminDateTime(item.recordedAt)}
                  </time>
                </div>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="text-sm break-words" title={item.prompt}>
                    <span className="sr-only">{t('failed.prompt')}: </span>
                    {truncatePrompt(item.prompt)}
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    {t('unknownOutcomes.where', {
                      project: item.project ?? '—',
                      model: item.model ?? '—',
                      sentAt: item.createSentAt ? formatAdminDateTime(item.createSentAt) : '—',
                    })}
                  </p>
                </div>
                <div className="flex items-start gap-2 md:flex-col md:items-end">
                  <Badge variant="secondary">
                    <span className="sr-only">{t('failed.quality')}: </span>
                    {tv(`quality.${item.quality}`)}
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
