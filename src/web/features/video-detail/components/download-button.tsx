import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileName } from '#shared/download-name';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { useMe } from '#web/features/accounts';
import { videoRequestQueryOptions } from '#web/features/videos';

/** 'Baixar vídeo' with a freshly signed URL. */
export function DownloadButton({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const timeZone = useMe().data?.profile.timezone ?? DEFAULT_TIME_ZONE;
  const download = async () => {
    setBusy(true);
    try {
      // Fresh signed URLs: the one on screen may have expired while the page was open.
      const fresh = await queryClient.fetchQuery(videoRequestQueryOptions(request.id));
      if (!fresh.downloadUrl) throw new Error('no download url');
      const link = document.createElement('a');
      link.href = fresh.downloadUrl;
      // Same name as the server's Content-Disposition (a cross-origin S3 link is named by that header alone).
      link.download = downloadFileName(fresh.prompt, new Date(fresh.createdAt), timeZone);
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
