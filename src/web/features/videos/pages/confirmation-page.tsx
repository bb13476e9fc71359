import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isFinalVideoStatus } from '#shared/video-status';
import { Card, CardContent } from '#web/components/ui/card';
import { formatCredits } from '#web/features/credits';
import { PushOfferCard } from '#web/features/settings';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useVideoRequest } from '../api/video-request';
import { videoRequestQueryKey } from '../api/video-request-calls';
import { ConfirmationError } from '../components/confirmation-error';
import { ConfirmationHeader } from '../components/confirmation-header';
import { ConfirmationWaysOn, NextStepsCard } from '../components/confirmation-next';
import { ConfirmationStatus } from '../components/confirmation-status';
import { FinishDialog } from '../components/finish-dialog';
import { RequestIdCopy } from '../components/request-id-copy';
import { VariationsGroup } from '../components/variations-group';
import { FailedResult, VideoPlayer } from '../components/video-result';

/**
 * /dashboard/confirmation?id= (spec §2): the request id with copy, its status (live from the SSE `video_request`
 * event), its mode's time range (catalogue), next steps and the ways on; when completed, the player and download —
 * a completed draft's page leads with 'Finalizar' (ADR 0058) —; when failed, the reason and the refund. No id →
 * /dashboard.
 */
export default function ConfirmationPage() {
  const { t } = useTranslation('videos');
  useDocumentTitle(t('confirmation.documentTitle'));
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const query = useVideoRequest(id);
  const queryClient = useQueryClient();

  if (!id) return <Navigate to="/dashboard" replace />;

  const request = query.data;
  if (query.isError && !request) {
    return (
      <ConfirmationError
        notFound={isApiError(query.error) && query.error.status === 404}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const finished = request !== undefined && isFinalVideoStatus(request.status);
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8 sm:py-10" data-testid="confirmation">
      <ConfirmationHeader status={request?.status} />

      {request?.quality === 'draft' ? <FinishDialog request={request} lead /> : null}

      {finished ? null : <PushOfferCard />}

      <Card>
        <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6">
          <RequestIdCopy id={id} />
          <ConfirmationStatus request={request} loading={query.isLoading} />

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

      {finished || !request ? null : <NextStepsCard seconds={request.clipSeconds} />}

      <ConfirmationWaysOn />
    </div>
  );
}
