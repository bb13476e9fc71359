import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VIDEO_DURATION_MINUTES } from '#shared/catalogue';
import { DEFAULT_TIME_ZONE, formatDateTime } from '#shared/format';
import type { VideoRequestView } from '#shared/video-request';
import { isFinalVideoStatus } from '#shared/video-status';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { useMe } from '#web/features/accounts';
import { QueuePlaceNote } from './queue-place';
import { VideoStatusBadge } from './status-badge';

/**
 * The confirmation page's status (live, read out politely) with its place in the queue, and its own mode's time
 * range (a draft 2–5 minutes, as the create page says, not the union 2–10), or, once the request is finished, when it finished in the user's time zone.
 */
export function ConfirmationStatus({
  request,
  loading,
}: {
  request: VideoRequestView | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('videos');
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const status = request?.status;
  // A finished request shows when it finished instead of the estimate.
  const finishedAt =
    request && isFinalVideoStatus(request.status) ? (request.completedAt ?? request.updatedAt) : null;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <dt className="text-sm text-muted-foreground">{t('confirmation.statusLabel')}</dt>
        <dd aria-live="polite" aria-atomic="true">
          {status ? (
            <span className="flex flex-col items-start gap-1.5">
              <VideoStatusBadge status={status} waiting={Boolean(request?.queue)} className="text-sm" />
              <QueuePlaceNote place={request?.queue ?? null} />
            </span>
          ) : loading ? (
            <span className="flex items-center gap-2 text-sm">
              <Spinner size="sm" label={t('confirmation.loading')} />
            </span>
          ) : (
            <Skeleton className="h-6 w-28" />
          )}
        </dd>
      </div>
      <div className="flex flex-col gap-1.5">
        <dt className="text-sm text-muted-foreground">
          {finishedAt ? t('confirmation.finishedLabel') : t('confirmation.estimateLabel')}
        </dt>
        <dd className="flex items-center gap-2 font-medium" data-testid="confirmation-time">
          <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
          {finishedAt ? (
            <time dateTime={finishedAt}>{formatDateTime(new Date(finishedAt), timeZone)}</time>
          ) : request ? (
            t('confirmation.estimate', VIDEO_DURATION_MINUTES[request.quality])
          ) : (
            <Skeleton className="h-5 w-24" />
          )}
        </dd>
      </div>
    </dl>
  );
}
