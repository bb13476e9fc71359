import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_DURATION_MINUTES } from '#shared/catalogue';
import type { VideoRequestView } from '#shared/video-request';
import { timeLeft } from '../lib/timeline';

/** A clock that ticks every `ms` while `active` (the time-left estimate). */
function useNow(active: boolean, ms = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
  return now;
}

/** How long a request in progress has left, against the mode's typical time. */
export function TimeLeftEstimate({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const { t: tv } = useTranslation('videos');
  const now = useNow(true);
  const left = timeLeft(request.quality, request.createdAt, now);
  const range = VIDEO_DURATION_MINUTES[request.quality];
  return (
    <div
      className="flex items-start gap-3 rounded-(--radius-card) border border-primary/20 bg-primary-soft p-4"
      data-testid="time-left"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">
          {left.kind === 'minutes'
            ? t('estimate.left', { count: left.minutes })
            : left.kind === 'almost'
              ? t('estimate.almost')
              : t('estimate.overdue')}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('estimate.typical', { quality: tv(`quality.${request.quality}`), ...range })}{' '}
          {t('estimate.live')}
        </p>
      </div>
    </div>
  );
}
