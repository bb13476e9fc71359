import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { useMe } from '#web/features/accounts';
import { CaptionsCard } from '#web/features/captions';
import { FilmScenesCard } from '#web/features/films';
import { FinishDialog, useVideoRequest } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { BackToHistoryLink } from '../components/back-to-history';
import { ImagesCard } from '../components/images-card';
import { PromptCard } from '../components/prompt-card';
import { RequestDetailError, RequestDetailLoading } from '../components/request-detail-states';
import { RequestActions, RequestHeader } from '../components/request-header';
import { RequestTimeline } from '../components/request-timeline';
import { TakedownCard } from '../components/takedown-card';
import { TechnicalInfo } from '../components/technical-info';
import { VariationCompare } from '../components/variation-compare';
import { VersionsCard } from '../components/versions-card';
import { VideoCard } from '../components/video-card';

/**
 * /dashboard/request/{id} (spec §2, §4, docs/history-contract.md): the video first — player with Baixar, Estender,
 * Editar and Compartilhar, or the progress line with its countdown, or the failure with 'Tentar de novo' — then
 * 'Duplicar Solicitação' and the other secondary actions, the prompt with copy, the images, the timeline, technical
 * info with the structured prompt and back to history. Kept live by the SSE `video_request`
 * event (the shell invalidates this query). 404 — unknown id or another user's — reads 'Solicitação não encontrada'.
 */
export default function VideoDetailPage() {
  const { t } = useTranslation('videoDetail');
  useDocumentTitle(t('documentTitle'));
  const id = useParams().id?.trim() ?? '';
  const query = useVideoRequest(id);
  const { data: me } = useMe();
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const request = query.data;

  if (!request) {
    if (query.isError || !id) {
      const notFound = !id || (isApiError(query.error) && query.error.status === 404);
      return (
        <RequestDetailError
          notFound={notFound}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    }
    return <RequestDetailLoading />;
  }

  const film = request.kind === 'film';

  // A completed draft's way to its final cut first (above the fold at 375 px, ADR 0058), then the video (on a
  // phone, right under the header): the player or the progress line or the failure, then its primary actions, the
  // secondary ones, and the prompt, images, timeline and technical info after.
  return (
    <div
      className="container-page flex flex-col gap-6 py-6 sm:py-10"
      data-testid="request-detail"
      data-request-id={request.id}
    >
      <RequestHeader request={request} timeZone={timeZone} />
      {request.quality === 'draft' ? <FinishDialog request={request} lead /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {request.status === 'completed' ? (
            <TakedownCard requestId={request.id} timeZone={timeZone} />
          ) : null}
          <VideoCard request={request} />
          <RequestActions request={request} />
          <VariationCompare request={request} />
          <PromptCard request={request} />
          <ImagesCard request={request} />
          <CaptionsCard request={request} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {film ? <FilmScenesCard filmId={request.id} /> : null}
          <VersionsCard requestId={request.id} />
          <DetailCard title={t('timeline.title')}>
            <RequestTimeline request={request} timeZone={timeZone} />
          </DetailCard>
          <DetailCard title={t('technical.title')}>
            <TechnicalInfo request={request} />
          </DetailCard>
          <BackToHistoryLink />
        </div>
      </div>
    </div>
  );
}

function DetailCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
