import { CircleAlert, SquareStack } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/format';
import type { VideoRequestView } from '#shared/video-request';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';
import { MakeFilmLink } from '#web/features/films';
import { FinishDialog, VideoStatusBadge } from '#web/features/videos';
import { currentLanguage } from '#web/lib/language';
import { localizedRelativeTime } from '#web/lib/relative-time';
import { createLink } from '../lib/create-link';
import { VariationKeep } from './variation-keep';

/** The request's phase, refund and creation time under the page title (its place in line is the progress line's). */
function RequestSummary({ request, timeZone }: { request: VideoRequestView; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  const created = new Date(request.createdAt);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span aria-live="polite" aria-atomic="true">
        <VideoStatusBadge status={request.status} waiting={request.queue !== null} className="text-sm" />
      </span>
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
 * What else can be made from the request, after its video and primary actions: 'Montar filme', 'Finalizar' (a
 * draft's page leads with it instead, ADR 0058; one way up, so no 'Gerar em Quality' beside it) and 'Duplicar
 * Solicitação'. A film (ADR 0014) is joined from the user's videos: it has no prompt to repeat.
 */
export function RequestActions({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  return (
    <div className="flex flex-wrap gap-2" data-testid="secondary-actions">
      {request.status === 'completed' ? <MakeFilmLink sceneId={request.id} /> : null}
      {request.quality === 'draft' ? null : <FinishDialog request={request} />}
      {request.kind === 'film' ? null : (
        <Button asChild variant="outline">
          <Link to={createLink(request)} data-testid="duplicate-request">
            <SquareStack aria-hidden="true" />
            {t('duplicate')}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** The page's title with the request's summary; a failed request's title says so. */
export function RequestHeader({ request, timeZone }: { request: VideoRequestView; timeZone: string }) {
  const { t } = useTranslation('videoDetail');
  const failed = request.status === 'failed';
  return (
    <header className="flex min-w-0 flex-col gap-2">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
        {failed ? <CircleAlert aria-hidden="true" className="size-7 shrink-0 text-destructive" /> : null}
        {failed ? t('failed.title') : t('title')}
      </h1>
      <RequestSummary request={request} timeZone={timeZone} />
      <VariationKeep request={request} />
    </header>
  );
}
