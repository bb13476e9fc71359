import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { VideoPlayer, videoRequestQueryKey } from '#web/features/videos';
import { DeriveDialog } from './derive-dialog';
import { DownloadButton } from './download-button';
import { FinishDialog } from './finish-dialog';
import { ShareActions } from './share-actions';

/**
 * The player with 'Baixar vídeo', 'Estender' and 'Editar com instrução'; a note while the video is not there yet.
 */
export function VideoCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const queryClient = useQueryClient();
  return (
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
              <ShareActions request={request} />
              <DeriveDialog request={request} derivation="extend" />
              <DeriveDialog request={request} derivation="edit" />
              <FinishDialog request={request} />
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('video.waiting')}</p>
        )}
      </CardContent>
    </Card>
  );
}
