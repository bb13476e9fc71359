import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { isFinalVideoStatus } from '#shared/video-status';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { useMe } from '#web/features/accounts';
import { CaptionsCard } from '#web/features/captions';
import { FilmScenesCard } from '#web/features/films';
import { FailedResult, useVideoRequest } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { BackToHistoryLink } from '../components/back-to-history';
import { ImagesCard } from '../components/images-card';
import { PromptCard } from '../components/prompt-card';
import { RequestDetailError, RequestDetailLoading } from '../components/request-detail-states';
import { RequestHeader } from '../components/request-header';
import { RequestTimeline } from '../components/request-timeline';
import { TechnicalInfo } from '../components/technical-info';
import { TimeLeftEstimate } from '../components/time-left-estimate';
import { VariationCompare } from '../components/variation-compare';
import { VersionsCard } from '../components/versions-card';
import { VideoCard } from '../components/video-card';

/**
 * /dashboard/request/{id} (spec §2, §4, docs/history-contract.md): prompt with copy, reference image, error box with the refunded
 * credits, player and download, time left while generating, technical info with the structured prompt, the
 * timeline, 'Duplicar Solicitação' / 'Gerar em Quality', back to history. Kept live by the SSE `video_request`
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

  const finished = isFinalVideoStatus(request.status);
  // A film (ADR 0014) is joined by Cena from the user's videos: no generation estimate.
  const film = request.kind === 'film';

  return (
    <div
      className="container-page flex flex-col gap-6 py-8 sm:py-10"
      data-testid="request-detail"
      data-request-id={request.id}
    >
      <BackToHistoryLink />
      <RequestHeader request={request} timeZone={timeZone} />

      {request.status === 'failed' ? <FailedResult request={request} refundAmountShown /> : null}
      {finished || film ? null : <TimeLeftEstimate request={request} />}
      <VariationCompare request={request} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <PromptCard request={request} />
          {request.status === 'completed' || !finished ? <VideoCard request={request} /> : null}
          <ImagesCard request={request} />
          <CaptionsCard request={request} />
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
