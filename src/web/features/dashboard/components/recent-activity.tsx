import { ArrowRight, Film, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { QueuePlaceNote, VideoThumbnail } from '#web/features/videos';
import { currentLanguage } from '#web/lib/language';
import { localizedRelativeTime } from '#web/lib/relative-time';
import { useRecentActivity, type VideoRequestListItem } from '../api/dashboard';
import { RecentStatusBadge } from './recent-status-badge';

const RECENT_ITEMS = 5;
const TICK_MS = 30_000;

/** "Now", moving on every 30 s so 'agora' becomes 'há 1 min' without a refetch. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function RecentRow({ item, now, timeZone }: { item: VideoRequestListItem; now: Date; timeZone: string }) {
  const created = new Date(item.createdAt);
  return (
    <li data-testid="recent-item" data-id={item.id}>
      <Link
        to={`/dashboard/request/${item.id}`}
        className="flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring sm:gap-4"
      >
        <VideoThumbnail url={item.thumbnailUrl} className="w-24 sm:w-28" />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <p className="line-clamp-2 text-sm font-medium break-words" data-testid="recent-prompt">
            {item.prompt}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <RecentStatusBadge status={item.status} />
            {item.queue ? <QueuePlaceNote place={item.queue} className="text-xs" /> : null}
            <time
              dateTime={item.createdAt}
              title={formatDate(created, timeZone)}
              className="text-xs text-muted-foreground"
              data-testid="recent-time"
            >
              {localizedRelativeTime(created, now, timeZone, currentLanguage())}
            </time>
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * Recent activity (spec §2, §9): the last 5 requests with thumbnail, prompt, relative time and status; 'Ver todas'
 * to the history; an empty state with a button to create the first video. Kept live by the SSE stream.
 */
export function RecentActivity({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const recent = useRecentActivity();
  const now = useNow();
  const items = recent.data?.slice(0, RECENT_ITEMS);

  return (
    <section aria-labelledby={titleId}>
      <Card className="gap-2 p-3 sm:p-4" data-testid="recent-activity">
        <div className="flex items-center justify-between gap-2 px-2 pt-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('recent.title')}
          </h2>
          {items && items.length > 0 ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/dashboard/history" aria-label={t('recent.seeAllLabel')} data-testid="recent-see-all">
                {t('recent.seeAll')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </div>
        {items ? (
          items.length > 0 ? (
            <ul className="flex flex-col divide-y divide-border" aria-live="polite">
              {items.map((item) => (
                <RecentRow key={item.id} item={item} now={now} timeZone={timeZone} />
              ))}
            </ul>
          ) : (
            <div
              className="flex flex-col items-center gap-3 px-4 py-8 text-center"
              data-testid="recent-empty"
            >
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary"
              >
                <Film className="size-6" />
              </span>
              <p className="font-medium">{t('recent.empty')}</p>
              <p className="text-sm text-muted-foreground">{t('recent.emptyBody')}</p>
              <Button asChild>
                <Link to="/dashboard/create" data-testid="recent-create-first">
                  <Plus aria-hidden="true" />
                  {t('recent.createFirst')}
                </Link>
              </Button>
            </div>
          )
        ) : recent.isError ? (
          <div className="flex flex-wrap items-center gap-3 px-2 py-4 text-sm text-destructive" role="alert">
            {t('recent.error')}
            <Button
              size="sm"
              variant="outline"
              onClick={() => void recent.refetch()}
              loading={recent.isFetching}
            >
              {t('recent.retry')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-1" aria-hidden="true" data-testid="recent-loading">
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={i} className="flex items-center gap-3 p-2 sm:gap-4">
                <Skeleton className="aspect-video w-24 shrink-0 sm:w-28" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-4/5" />
                  <Skeleton className="h-4 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
