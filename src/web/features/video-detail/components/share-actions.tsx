import { Link2Off, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileName } from '#shared/download-name';
import { DEFAULT_TIME_ZONE } from '#shared/format';
import { shareContract } from '#shared/share.contract';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { useMe } from '#web/features/accounts';
import { callApi } from '#web/lib/api';

/** A phone's share sheet: the Web Share API on a touch screen (on a desktop the link is copied instead). */
const onPhone = () =>
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches === true;

/**
 * The file itself where the browser can share files (WhatsApp and Instagram take the video, not a link):
 * `navigator.canShare({ files })`, https://developer.mozilla.org/en-US/docs/Web/API/Navigator/canShare.
 */
async function shareSheet(
  request: VideoRequestView,
  url: string,
  title: string,
  fileName: string,
): Promise<void> {
  if (request.videoUrl && typeof navigator.canShare === 'function') {
    const blob = await fetch(request.videoUrl)
      .then((answer) => (answer.ok ? answer.blob() : null))
      .catch(() => null);
    const file = blob ? new File([blob], fileName, { type: 'video/mp4' }) : null;
    if (file && navigator.canShare({ files: [file] })) {
      await navigator.share({ files: [file], title, text: url });
      return;
    }
  }
  await navigator.share({ url, title });
}

/** 'Compartilhar' (a public link, ADR 0031) and, once the link is known, 'Revogar link'; for a completed video. */
export function ShareActions({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'share' | 'revoke' | null>(null);
  const timeZone = useMe().data?.profile.timezone ?? DEFAULT_TIME_ZONE;
  if (request.status !== 'completed') return null;
  // The file shared is named as its download is, so the chat's copy says which video it is.
  const fileName = downloadFileName(request.prompt, new Date(request.createdAt), timeZone);

  const share = async () => {
    setBusy('share');
    try {
      const link = (await callApi(shareContract.shareVideo, { params: { id: request.id }, body: {} })).url;
      setUrl(link);
      if (onPhone()) {
        // Closing the sheet without choosing rejects with AbortError: not a failure.
        await shareSheet(request, link, t('share.title'), fileName).catch(() => undefined);
      } else {
        await navigator.clipboard.writeText(link);
        toast.success(t('share.copied'));
      }
    } catch {
      toast.error(t('share.shareError'));
    } finally {
      setBusy(null);
    }
  };
  const revoke = async () => {
    setBusy('revoke');
    try {
      await callApi(shareContract.revokeShare, { params: { id: request.id }, body: {} });
      setUrl(null);
      toast.success(t('share.revoked'));
    } catch {
      toast.error(t('share.revokeError'));
    } finally {
      setBusy(null);
    }
  };
  return (
    // Wraps: in the video page's grid the cell is one button wide, and 'Revogar link' goes under, not past its edge.
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="share-actions">
      <Button variant="outline" size="lg" loading={busy === 'share'} onClick={() => void share()}>
        {busy === 'share' ? null : <Share2 aria-hidden="true" />}
        {t('share.share')}
      </Button>
      {url ? (
        <Button variant="ghost" size="lg" loading={busy === 'revoke'} onClick={() => void revoke()}>
          {busy === 'revoke' ? null : <Link2Off aria-hidden="true" />}
          {t('share.revoke')}
        </Button>
      ) : null}
    </div>
  );
}
