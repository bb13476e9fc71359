import { CircleAlert, Download } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { formatCredits } from '#web/features/credits';
import { usePlayingUrl } from '#web/lib/use-playing-url';

const RATIO_CLASS: Record<VideoRequestView['aspectRatio'], string> = {
  '16:9': 'aspect-video',
  '9:16': 'aspect-[9/16] max-h-[70vh]',
  '1:1': 'aspect-square max-h-[70vh]',
  '4:3': 'aspect-[4/3]',
};

/**
 * A completed request's player (poster = thumbnail) and download link. Media URLs are short-lived signed URLs: when
 * the player fails to load one (expired), `onExpired` refetches the request once for fresh URLs.
 */
export function VideoPlayer({
  request,
  onExpired,
  showDownload = true,
}: {
  request: VideoRequestView;
  onExpired: () => void;
  /** False when the page renders its own download control (the request detail page). */
  showDownload?: boolean;
}) {
  const { t } = useTranslation('videos');
  const retried = useRef(false);
  const video = usePlayingUrl(request.videoUrl);
  if (!video.url) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-center overflow-hidden rounded-lg bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: generated videos have no caption track; the prompt is the label */}
        <video
          src={video.url}
          poster={request.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={t('confirmation.videoLabel', { prompt: request.prompt })}
          className={`h-auto w-full max-w-full object-contain ${RATIO_CLASS[request.aspectRatio]}`}
          data-testid="video-player"
          onError={() => {
            if (retried.current) return;
            retried.current = true;
            video.expired();
            onExpired();
          }}
        />
      </div>
      {showDownload && request.downloadUrl ? (
        <Button asChild size="lg" className="w-full sm:w-fit">
          <a
            href={request.downloadUrl}
            download
            data-testid="video-download"
            onClick={() => toast.success(t('confirmation.downloadStarted'))}
          >
            <Download aria-hidden="true" />
            {t('confirmation.download')}
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A failed request: its error message and the automatic refund — its amount, or only that the credits went back
 * where the page shows the amount already (the detail page's refund badge).
 */
export function FailedResult({
  request,
  refundAmountShown = false,
}: {
  request: VideoRequestView;
  refundAmountShown?: boolean;
}) {
  const { t } = useTranslation('videos');
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-(--radius-card) border border-destructive/30 bg-destructive-soft p-4"
      data-testid="video-failed"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{t('confirmation.failedTitle')}</p>
        <p className="text-sm break-words" data-testid="video-error-message">
          {request.errorMessage || t('confirmation.failedFallback')}
        </p>
        {request.creditsUsed === 0 ? null : refundAmountShown ? (
          <p className="text-xs text-muted-foreground">{t('confirmation.refundedHint')}</p>
        ) : (
          <p className="text-sm font-medium text-success" data-testid="video-refunded">
            {t('confirmation.refunded', {
              count: request.creditsUsed,
              value: formatCredits(request.creditsUsed),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
