import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { videoRequestQueryOptions } from '#web/features/videos';

/** 'Baixar vídeo' with a freshly signed URL. */
export function DownloadButton({ request }: { request: VideoRequestView }) {
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
