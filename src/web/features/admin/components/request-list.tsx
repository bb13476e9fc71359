import { CircleCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoQuality } from '#shared/catalogue';
import { truncatePrompt } from '#shared/format';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatAdminDateTime } from '../lib/format';

/** What a list component of the panel gets from its query. */
export interface ListQueryProps<T> {
  items: T[] | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/** One request as an admin list shows it. */
export interface RequestListRow {
  id: string;
  userEmail: string;
  prompt: string;
  quality: VideoQuality;
  creditsUsed: number;
  /** When it happened (ISO), and what to call that time for screen readers. */
  at: string;
  atLabel: string;
  /** The line under the prompt (the error, or where to look). */
  detail: ReactNode;
  detailLabel: string;
  detailClassName: string;
}

/**
 * A section of the admin panel listing video requests, newest first: e-mail and time, prompt (first 50 characters,
 * the whole one on hover) and a detail line, quality and credits; with its loading, error and empty states. Rows
 * on wide screens, stacked cards at 375 px. `testId` prefixes each part's test id (`{testId}-item`, …).
 */
export function RequestList({
  testId,
  detailName,
  title,
  description,
  empty,
  loadError,
  rows,
  isError,
  retrying,
  onRetry,
}: {
  testId: string;
  /** Names the detail line's test id: `{testId}-{detailName}`. */
  detailName: string;
  title: string;
  description?: string;
  empty: string;
  loadError: string;
  rows: RequestListRow[] | undefined;
  isError: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tv } = useTranslation('videos');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid={`admin-${testId}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {rows ? (
          <p className="text-sm text-muted-foreground" data-testid={`${testId}-count`}>
            {t('failed.count', { count: rows.length })}
          </p>
        ) : null}
      </div>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {isError && !rows ? (
        <Card className="flex-row flex-wrap items-center gap-3 p-4 text-sm text-destructive" role="alert">
          {loadError}
          <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
            {t('retry')}
          </Button>
        </Card>
      ) : !rows ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <div
          className="flex items-center gap-3 rounded-(--radius-card) border border-dashed border-border px-4 py-6 text-sm text-muted-foreground"
          data-testid={`${testId}-empty`}
        >
          <CircleCheck aria-hidden="true" className="size-5 text-success" />
          {empty}
        </div>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border">
            {rows.map((row) => (
              <li
                key={row.id}
                className="grid grid-cols-1 gap-x-4 gap-y-1.5 p-4 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
                data-testid={`${testId}-item`}
                data-id={row.id}
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="sr-only">{t('failed.email')}: </span>
                  <span
                    className="truncate text-sm font-medium"
                    title={row.userEmail}
                    data-testid={`${testId}-email`}
                  >
                    {row.userEmail}
                  </span>
                  <time dateTime={row.at} className="text-xs text-muted-foreground tabular-nums">
                    <span className="sr-only">{row.atLabel}: </span>
                    <span data-testid={`${testId}-time`}>{formatAdminDateTime(row.at)}</span>
                  </time>
                </div>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="text-sm break-words" title={row.prompt}>
                    <span className="sr-only">{t('failed.prompt')}: </span>
                    <span data-testid={`${testId}-prompt`}>{truncatePrompt(row.prompt)}</span>
                  </p>
                  <p
                    className={`text-xs break-words ${row.detailClassName}`}
                    data-testid={`${testId}-${detailName}`}
                  >
                    <span className="sr-only">{row.detailLabel}: </span>
                    {row.detail}
                  </p>
                </div>
                <div className="flex items-start gap-2 md:flex-col md:items-end">
                  <Badge variant="secondary">
                    <span className="sr-only">{t('failed.quality')}: </span>
                    <span data-testid={`${testId}-quality`}>{tv(`quality.${row.quality}`)}</span>
                  </Badge>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('failed.credits', { credits: row.creditsUsed })}
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
