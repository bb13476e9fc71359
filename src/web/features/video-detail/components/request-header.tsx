import { RotateCcw, Sparkles, SquareStack } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/format';
import { chosenFieldsOf, type VideoRequestView } from '#shared/video-request';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';
import { MakeFilmLink } from '#web/features/films';
import { QueuePlaceNote, VideoStatusBadge } from '#web/features/videos';
import { currentLanguage } from '#web/lib/language';
import { localizedRelativeTime } from '#web/lib/relative-time';
import { VariationKeep } from './variation-keep';

/**
 * The create page prefilled with this request's chosen fields (the create form reads each back,
 * `valuesFromSearch`); `from` lets it carry the request's images over too.
 */
function createLink(request: VideoRequestView, quality = request.quality): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(chosenFieldsOf({ ...request, quality }))) {
    if (value !== null) params.set(key, String(value));
  }
  if (request.firstFrameUrl || request.referenceImageUrls.length > 0) params.set('from', request.id);
  // The cast is picked again by id (its images are not carried as files).
  for (const member of request.cast) params.append('cast', member.id);
  return `/dashboard/create?${params.toString()}`;
}

/** The request's status, place in line, refund and creation time under the page title. */
function RequestSummary({ request, timeZone }: { request: VideoRequestView; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  const created = new Date(request.createdAt);
  return (
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
  );
}

/**
 * 'Montar filme', 'Gerar em Quality' and 'Duplicar Solicitação'; a failed request leads with 'Tentar de novo' (the
 * create page with the same inputs), 'Duplicar Solicitação' then secondary. A film (ADR 0014) is joined by Cena from the
 * user's videos: it has no prompt to repeat.
 */
function RequestActions({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
      {request.status === 'completed' ? <MakeFilmLink sceneId={request.id} /> : null}
      {request.kind === 'film' ? null : (
        <>
          {request.status === 'completed' && request.quality === 'fast' ? (
            <Button asChild variant="outline">
              <Link to={createLink(request, 'quality')} data-testid="generate-quality">
                <Sparkles aria-hidden="true" />
                {t('generateInQuality')}
              </Link>
            </Button>
          ) : null}
          {request.status === 'failed' ? (
            <Button asChild>
              <Link to={createLink(request)} data-testid="retry-request">
                <RotateCcw aria-hidden="true" />
                {t('retryRequest')}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant={request.status === 'failed' ? 'outline' : 'primary'}>
            <Link to={createLink(request)} data-testid="duplicate-request">
              <SquareStack aria-hidden="true" />
              {t('duplicate')}
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}

/** The page's title with the request's summary, and what can be made from it. */
export function RequestHeader({ request, timeZone }: { request: VideoRequestView; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <RequestSummary request={request} timeZone={timeZone} />
        <VariationKeep request={request} />
      </div>
      <RequestActions request={request} />
    </header>
  );
}
