import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, Clock, Copy, Download, Sparkles, SquareStack } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { VIDEO_DURATION_MINUTES } from '../../../../shared/catalogue';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../../shared/format';
import type { VideoRequestView } from '../../../../shared/video-request';
import { isFinalVideoStatus } from '../../../../shared/video-status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/language';
import { localizedRelativeTime } from '../../../lib/relative-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe } from '../../accounts';
import { formatCredits } from '../../credits';
import { FilmScenesCard, MakeFilmLink } from '../../films';
import {
  copyText,
  FailedResult,
  QueuePlaceNote,
  useVideoRequest,
  VideoPlayer,
  VideoStatusBadge,
  videoRequestQueryKey,
  videoRequestQueryOptions,
} from '../../videos';
import { DeriveDialog } from '../components/derive-dialog';
import { RequestTimeline } from '../components/request-timeline';
import { TechnicalInfo } from '../components/technical-info';
import { VersionsCard } from '../components/versions-card';
import { timeLeft } from '../lib/timeline';

const HISTORY_PATH = '/dashboard/history';

/** The create page prefilled from this request; `from` lets it carry the request's images over too. */
function createLink(request: VideoRequestView, quality = request.quality): string {
  const params = new URLSearchParams({ prompt: request.prompt, quality, aspectRatio: request.aspectRatio });
  if (request.referenceImageUrl || request.referenceImageUrls.length > 0) params.set('from', request.id);
  // The cast is picked again by id (its images are not carried as files).
  for (const member of request.cast) params.append('cast', member.id);
  return `/dashboard/create?${params.toString()}`;
}

/** The images the request was made with: first frame, last frame, references. */
function ImagesCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const frames = [
    {
      url: request.referenceImageUrl,
      title: t('referenceImage.firstFrame'),
      alt: t('referenceImage.alt'),
      testId: 'reference-image',
    },
    {
      url: request.lastFrameUrl,
      title: t('referenceImage.lastFrame'),
      alt: t('referenceImage.lastFrameAlt'),
      testId: 'last-frame-image',
    },
  ].filter((frame) => frame.url);
  if (frames.length === 0 && request.referenceImageUrls.length === 0) return null;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('referenceImage.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {frames.length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {frames.map((frame) => (
              <figure key={frame.testId} className="flex flex-col gap-1">
                <img
                  src={frame.url ?? undefined}
                  alt={frame.alt}
                  className="max-h-60 w-auto max-w-full rounded-lg border border-border object-contain"
                  loading="lazy"
                  data-testid={frame.testId}
                />
                <figcaption className="text-xs text-muted-foreground">{frame.title}</figcaption>
              </figure>
            ))}
          </div>
        ) : null}
        {request.referenceImageUrls.length > 0 ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">{t('referenceImage.references')}</p>
            <ul className="flex flex-wrap gap-2" data-testid="reference-images">
              {request.referenceImageUrls.map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={t('referenceImage.referenceAlt', { number: index + 1 })}
                    className="size-24 rounded-lg border border-border object-cover"
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BackLink() {
  const { t } = useTranslation('videoDetail');
  return (
    <Button asChild variant="link" className="w-fit">
      <Link to={HISTORY_PATH} data-testid="back-to-history">
        <ArrowLeft aria-hidden="true" />
        {t('back')}
      </Link>
    </Button>
  );
}

/** A clock that ticks every `ms` while `active` (the time-left estimate). */
function useNow(active: boolean, ms = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
  return now;
}

function Estimate({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const { t: tv } = useTranslation('videos');
  const now = useNow(true);
  const left = timeLeft(request.quality, request.createdAt, now);
  const range = VIDEO_DURATION_MINUTES[request.quality];
  return (
    <div
      className="flex items-start gap-3 rounded-(--radius-card) border border-primary/20 bg-primary-soft p-4"
      data-testid="time-left"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">
          {left.kind === 'minutes'
            ? t('estimate.left', { count: left.minutes })
            : left.kind === 'almost'
              ? t('estimate.almost')
              : t('estimate.overdue')}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('estimate.typical', { quality: tv(`quality.${request.quality}`), ...range })}{' '}
          {t('estimate.live')}
        </p>
      </div>
    </div>
  );
}

function DownloadButton({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // Fresh signed URLs: the one on screen may have expired while the page was open.
      const fresh = await queryClient.fetchQuery(videoRequestQueryOptions(request.id));
      if (!fresh.downloadUrl) throw new Error('no download url');
      const link = document.createElement('a');
      link.href = fresh.downloadUrl;
      link.download = '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      toast.success(t('video.downloadStarted'));
    } catch {
      toast.error(t('video.downloadError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="lg"
      className="w-full sm:w-fit"
      loading={busy}
      onClick={() => void download()}
      data-testid="video-download"
    >
      {busy ? null : <Download aria-hidden="true" />}
      {t('video.download')}
    </Button>
  );
}

function ErrorState({
  notFound,
  onRetry,
  retrying,
}: {
  notFound: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('videoDetail');
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-12 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight" role="alert" data-testid="request-detail-error">
        {notFound ? t('notFound') : t('loadError')}
      </h1>
      {notFound ? <p className="max-w-prose text-muted-foreground">{t('notFoundBody')}</p> : null}
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        {notFound ? null : (
          <Button size="lg" loading={retrying} onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <Button asChild size="lg" variant={notFound ? 'primary' : 'outline'}>
          <Link to={HISTORY_PATH} data-testid="back-to-history">
            <ArrowLeft aria-hidden="true" />
            {t('back')}
          </Link>
        </Button>
      </div>
    </section>
  );
}

function LoadingState() {
  const { t } = useTranslation('videoDetail');
  return (
    <div className="container-page flex flex-col gap-6 py-8" aria-busy="true">
      <Spinner label={t('loading')} className="self-start text-primary" />
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

/**
 * /dashboard/request/{id} (spec §2, §4, docs/history-contract.md): prompt with copy, reference image, error box with the refunded
 * credits, player and download, time left while generating, technical info with the structured prompt, the
 * timeline, 'Duplicar Solicitação' / 'Gerar em Quality', back to history. Kept live by the SSE `video_request`
 * event (the shell invalidates this query). 404 — unknown id or another user's — reads 'Solicitação não encontrada'.
 */
export default function VideoDetailPage() {
  const { t } = useTranslation('videoDetail');
  const { t: tf } = useTranslation('films');
  useDocumentTitle(t('documentTitle'));
  const id = useParams().id?.trim() ?? '';
  const query = useVideoRequest(id);
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const request = query.data;

  if (!request) {
    if (query.isError || !id) {
      const notFound = !id || (isApiError(query.error) && query.error.status === 404);
      return (
        <ErrorState notFound={notFound} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      );
    }
    return <LoadingState />;
  }

  const copyPrompt = async () => {
    try {
      await copyText(request.prompt);
      toast.success(t('prompt.copied'));
    } catch {
      toast.error(t('prompt.copyError'));
    }
  };
  const finished = isFinalVideoStatus(request.status);
  const created = new Date(request.createdAt);
  // A film (ADR 0014) is joined by Cena from the user's videos: no prompt to repeat, no generation estimate.
  const film = request.kind === 'film';

  return (
    <div
      className="container-page flex flex-col gap-6 py-8 sm:py-10"
      data-testid="request-detail"
      data-request-id={request.id}
    >
      <BackLink />
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span aria-live="polite" aria-atomic="true">
              <VideoStatusBadge status={request.status} className="text-sm" />
            </span>
            <QueuePlaceNote place={request.queue} />
            {request.status === 'failed' && request.creditsUsed > 0 ? (
              <Badge variant="success" className="text-sm" data-testid="refund-badge">
                {t('failed.refunded', {
                  count: request.creditsUsed,
                  value: formatCredits(request.creditsUsed),
                })}
              </Badge>
            ) : null}
            <time dateTime={request.createdAt} title={formatDateTime(created, timeZone)}>
              {t('createdAt', {
                date: `${formatDateTime(created, timeZone)} (${localizedRelativeTime(created, new Date(), timeZone, currentLanguage())})`,
              })}
            </time>
          </div>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          {request.status === 'completed' ? <MakeFilmLink sceneId={request.id} /> : null}
          {film ? null : (
            <>
              {request.status === 'completed' && request.quality === 'fast' ? (
                <Button asChild variant="outline">
                  <Link to={createLink(request, 'quality')} data-testid="generate-quality">
                    <Sparkles aria-hidden="true" />
                    {t('generateInQuality')}
                  </Link>
                </Button>
              ) : null}
              <Button asChild>
                <Link to={createLink(request)} data-testid="duplicate-request">
                  <SquareStack aria-hidden="true" />
                  {t('duplicate')}
                </Link>
              </Button>
            </>
          )}
        </div>
      </header>

      {request.status === 'failed' ? <FailedResult request={request} refundAmountShown /> : null}
      {finished || film ? null : <Estimate request={request} />}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card>
            <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
              <CardTitle as="h2" className="text-base">
                {film ? tf('detail.titleLabel') : t('prompt.title')}
              </CardTitle>
              <Button variant="outline" size="sm" onClick={() => void copyPrompt()} data-testid="copy-prompt">
                <Copy aria-hidden="true" />
                {t('prompt.copy')}
              </Button>
            </CardHeader>
            <CardContent>
              <p className="text-sm break-words whitespace-pre-wrap" data-testid="request-prompt">
                {request.prompt}
              </p>
            </CardContent>
          </Card>

          {request.status === 'completed' || !finished ? (
            <Card>
              <CardHeader className="pb-2">
                <CardTitle as="h2" className="text-base">
                  {t('video.title')}
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                {request.videoUrl ? (
                  <>
                    <VideoPlayer
                      request={request}
                      showDownload={false}
                      onExpired={() =>
                        void queryClient.invalidateQueries({ queryKey: videoRequestQueryKey(request.id) })
                      }
                    />
                    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
                      {request.downloadUrl ? <DownloadButton request={request} /> : null}
                      <DeriveDialog request={request} derivation="extend" />
                      <DeriveDialog request={request} derivation="edit" />
                    </div>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('video.waiting')}</p>
                )}
              </CardContent>
            </Card>
          ) : null}

          <ImagesCard request={request} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          {film ? <FilmScenesCard filmId={request.id} /> : null}
          <VersionsCard requestId={request.id} />
          <Card>
            <CardHeader className="pb-2">
              <CardTitle as="h2" className="text-base">
                {t('timeline.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <RequestTimeline request={request} timeZone={timeZone} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle as="h2" className="text-base">
                {t('technical.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <TechnicalInfo request={request} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
