import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Clock, Copy, History, House, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { VIDEO_ESTIMATE_MINUTES, VIDEO_LENGTH_SECONDS } from '#shared/catalogue';
import { DEFAULT_TIME_ZONE, formatDateTime } from '#shared/format';
import { isFinalVideoStatus } from '#shared/video-status';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/components/ui/toaster';
import { useMe } from '#web/features/accounts';
import { formatCredits } from '#web/features/credits';
import { PushOfferCard } from '#web/features/settings';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useVideoRequest } from '../api/video-request';
import { videoRequestQueryKey } from '../api/video-request-calls';
import { QueuePlaceNote } from '../components/queue-place';
import { VideoStatusBadge } from '../components/status-badge';
import { VariationsGroup } from '../components/variations-group';
import { FailedResult, VideoPlayer } from '../components/video-result';
import { copyText } from '../lib/clipboard';

function Actions() {
  const { t } = useTranslation('videos');
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
      <Button asChild size="lg">
        <Link to="/dashboard" data-testid="confirmation-dashboard">
          <House aria-hidden="true" />
          {t('confirmation.dashboard')}
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/dashboard/history" data-testid="confirmation-history">
          <History aria-hidden="true" />
          {t('confirmation.history')}
        </Link>
      </Button>
    </div>
  );
}

/**
 * /dashboard/confirmation?id= (spec §2): the request id with copy, its status (live from the SSE `video_request`
 * event), the 2–10 minute estimate, next steps and the ways on; when completed, the player and download; when
 * failed, the reason and the refund. No id → /dashboard.
 */
export default function ConfirmationPage() {
  const { t } = useTranslation('videos');
  useDocumentTitle(t('confirmation.documentTitle'));
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const query = useVideoRequest(id);
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;

  if (!id) return <Navigate to="/dashboard" replace />;

  const request = query.data;
  const copy = async () => {
    try {
      await copyText(id);
      toast.success(t('confirmation.copied'));
    } catch {
      toast.error(t('confirmation.copyError'));
    }
  };

  if (query.isError && !request) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold tracking-tight" data-testid="confirmation-error" role="alert">
          {notFound ? t('confirmation.notFound') : t('confirmation.loadError')}
        </h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          {notFound ? null : (
            <Button size="lg" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('confirmation.retry')}
            </Button>
          )}
          <Button asChild size="lg" variant={notFound ? 'primary' : 'outline'}>
            <Link to="/dashboard/history">{t('confirmation.history')}</Link>
          </Button>
        </div>
      </section>
    );
  }

  const status = request?.status;
  // A finished request shows when it finished instead of the 2–10 minute estimate.
  const finishedAt =
    request && isFinalVideoStatus(request.status) ? (request.completedAt ?? request.updatedAt) : null;
  const failed = status === 'failed';

  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8 sm:py-10" data-testid="confirmation">
      <header className="flex flex-col items-center gap-3 text-center">
        {/* A failed request never reads as sent: its own icon and title, the reason and refund below. */}
        <span
          className={`flex size-14 items-center justify-center rounded-full ${failed ? 'bg-destructive-soft text-destructive' : 'bg-success-soft text-success'}`}
        >
          {failed ? (
            <CircleAlert aria-hidden="true" className="size-8" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="size-8" />
          )}
        </span>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="confirmation-title">
          {failed
            ? t('confirmation.failedPageTitle')
            : status === 'completed'
              ? t('confirmation.completedTitle')
              : t('confirmation.title')}
        </h1>
        {status && isFinalVideoStatus(status) ? null : (
          <p className="max-w-prose text-muted-foreground">{t('confirmation.subtitle')}</p>
        )}
      </header>

      {request && isFinalVideoStatus(request.status) ? null : <PushOfferCard />}

      <Card>
        <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6">
          <div className="flex flex-col gap-1.5">
            <span className="text-sm text-muted-foreground">{t('confirmation.idLabel')}</span>
            <div className="flex items-center gap-2">
              <code
                className="min-w-0 flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
                data-testid="request-id"
                title={id}
              >
                {id}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label={t('confirmation.copy')}
                title={t('confirmation.copy')}
                onClick={() => void copy()}
                data-testid="copy-id"
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>

          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <dt className="text-sm text-muted-foreground">{t('confirmation.statusLabel')}</dt>
              <dd aria-live="polite" aria-atomic="true">
                {status ? (
                  <span className="flex flex-col items-start gap-1.5">
                    <VideoStatusBadge status={status} className="text-sm" />
                    <QueuePlaceNote place={query.data?.queue ?? null} />
                  </span>
                ) : query.isLoading ? (
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
                ) : (
                  t('confirmation.estimate', VIDEO_ESTIMATE_MINUTES)
                )}
              </dd>
            </div>
          </dl>

          {request ? (
            <div className="flex flex-col gap-1 border-t border-border pt-4">
              <p className="line-clamp-3 text-sm break-words" data-testid="request-prompt">
                {request.prompt}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('confirmation.details', {
                  quality: t(`quality.${request.quality}`),
                  ratio: request.aspectRatio,
                  credits: formatCredits(request.creditsUsed),
                })}
              </p>
            </div>
          ) : null}

          {request?.status === 'completed' ? (
            <VideoPlayer
              request={request}
              onExpired={() => void queryClient.invalidateQueries({ queryKey: videoRequestQueryKey(id) })}
            />
          ) : null}
          {request?.status === 'failed' ? <FailedResult request={request} /> : null}
        </CardContent>
      </Card>

      {request?.variation ? <VariationsGroup requestIds={request.variation.requestIds} /> : null}

      {request && isFinalVideoStatus(request.status) ? null : (
        <Card>
          <CardHeader className="pb-2">
            <CardTitle as="h2" className="text-base">
              {t('confirmation.nextTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-muted-foreground">
              <li>{t('confirmation.next.generate', { seconds: VIDEO_LENGTH_SECONDS })}</li>
              <li>{t('confirmation.next.history')}</li>
              <li>{t('confirmation.next.download')}</li>
            </ol>
          </CardContent>
        </Card>
      )}

      <div className="flex flex-col items-center gap-3">
        <Actions />
        <Button asChild variant="link">
          <Link to="/dashboard/create">
            <Plus aria-hidden="true" />
            {t('confirmation.createAnother')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
