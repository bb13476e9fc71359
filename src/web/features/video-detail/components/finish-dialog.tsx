import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type MasterResolution, requestCredits } from '#shared/catalogue';
import { deliveredFrameSize, frameText } from '#shared/delivered-frame';
import { requestResolution } from '#shared/video-models';
import { FINISH_NOTE, type VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { FieldError } from '#web/components/ui/input';
import { CREDITS_QUERY_KEY, formatCredits } from '#web/features/credits';
import { VIDEOS_QUERY_KEY } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { finishVideo } from '../api/finish';

/** The three ways to finish a video, each priced by the same function the server holds with (ADR 0033). */
const TARGETS: readonly { id: string; quality: 'fast' | 'quality'; resolution?: MasterResolution }[] = [
  { id: 'fast', quality: 'fast' },
  { id: 'quality', quality: 'quality' },
  { id: '4k', quality: 'quality', resolution: '4k' },
];

/**
 * 'Finalizar' on a completed video (a draft, usually): Fast, Quality or 4K with the price of each, at the video's
 * own length; the video is generated again with the same inputs (the dialog says so), then its page opens.
 */
export function FinishDialog({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per submission attempt: a retried or double-clicked choice makes one request.
  const clientKey = useRef(newUuid());
  if (request.status !== 'completed' || request.kind === 'film') return null;

  const choose = async (target: (typeof TARGETS)[number]) => {
    setBusy(true);
    setError(null);
    try {
      const { request: made } = await finishVideo(request.id, {
        quality: target.quality,
        resolution: target.resolution,
        clientKey: clientKey.current,
      });
      clientKey.current = newUuid();
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      setOpen(false);
      await navigate(`/dashboard/request/${made.id}`);
    } catch (caught) {
      if (isApiError(caught) && caught.status < 500) clientKey.current = newUuid();
      setError(isApiError(caught) ? caught.message : t('derive.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="finish-open">
          <Sparkles aria-hidden="true" />
          {t('finish.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('finish.title')}</DialogTitle>
          <DialogDescription>{FINISH_NOTE}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {TARGETS.map((target) => {
            const cost = requestCredits({
              quality: target.quality,
              clipSeconds: request.clipSeconds,
              resolution: target.resolution,
            });
            return (
              <Button
                key={target.id}
                variant="outline"
                disabled={busy}
                data-testid={`finish-${target.id}`}
                data-cost={cost}
                onClick={() => void choose(target)}
              >
                {t(`finish.targets.${target.id}` as 'finish.targets.fast')} ·{' '}
                {frameText(
                  deliveredFrameSize(
                    requestResolution(target.quality, target.resolution),
                    request.aspectRatio,
                  ),
                )}{' '}
                · {t('derive.credits', { count: cost, value: formatCredits(cost) })}
              </Button>
            );
          })}
          {error ? <FieldError data-testid="finish-error">{error}</FieldError> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
