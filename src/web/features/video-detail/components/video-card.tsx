import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { isFinalVideoStatus } from '#shared/video-status';
import { VideoPlayer, videoRequestQueryKey } from '#web/features/videos';
import { DeriveDialog } from './derive-dialog';
import { DownloadButton } from './download-button';
import { FailedBox } from './failed-box';
import { ProgressLine } from './progress-line';
import { ShareActions } from './share-actions';

/**
 * The top of the page, first on a phone: the player with the four primary actions — Baixar, Estender, Editar,
 * Compartilhar — in one grid; the progress line while it runs; the failed box when it failed.
 */
export function VideoCard({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const queryClient = useQueryClient();
  if (request.status === 'failed') return <FailedBox request={request} />;
  if (!request.videoUrl) {
    return (
      <div className="flex flex-col gap-2" data-testid="video-waiting">
        {/* A film (ADR 0014) is joined by Cena from the user's videos: no generation estimate. */}
        {isFinalVideoStatus(request.status) || request.kind === 'film' ? null : (
          <ProgressLine request={request} />
        )}
        <p className="text-sm text-muted-foreground">{t('video.waiting')}</p>
      </div>
    );
  }
  return (
    <section className="flex flex-col gap-3" aria-label={t('video.title')} data-testid="video-stage">
      <VideoPlayer
        request={request}
        showDownload={false}
        onExpired={() => void queryClient.invalidateQueries({ queryKey: videoRequestQueryKey(request.id) })}
      />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 [&_button]:w-full" data-testid="primary-actions">
        {request.downloadUrl ? <DownloadButton request={request} /> : null}
        <DeriveDialog request={request} derivation="extend" />
        <DeriveDialog request={request} derivation="edit" />
        <ShareActions request={request} />
      </div>
    </section>
  );
}
