import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoPhaseOf } from '#shared/video-phase';
import type { VideoRequestView } from '#shared/video-request';
import { useQueueEstimate } from '#web/features/videos';
import { clock, readyAt, secondsLeft } from '../lib/progress';

/** The current time, every second. */
function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * While a request runs: ONE line with its phase, its place in line and a countdown to when it should be ready
 * (lib/progress.ts), 'quase pronto' in its last minute (an estimate is not precise to the second: never 'cerca de
 * 0:03'). A request with a place in line reads 'Na fila', whatever its stored status. A `timer` role is not
 * announced every second.
 */
export function ProgressLine({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const { t: tv } = useTranslation('videos');
  const usualSeconds = useQueueEstimate().data?.[request.quality]?.usualSeconds;
  const now = useSecondClock();
  const startsIn = request.queue?.etaSeconds ?? null;
  // The queue's ETA counts from the answer that carried it: a new figure restarts from when it arrived.
  const line = useRef({ startsIn, at: Date.now() });
  if (line.current.startsIn !== startsIn) line.current = { startsIn, at: Date.now() };
  const deadline = readyAt({
    quality: request.quality,
    createdAt: request.createdAt,
    startsInSeconds: startsIn,
    usualSeconds,
    receivedAt: line.current.at,
  });
  const left = secondsLeft(deadline, now);
  const phase = request.queue ? 'queued' : videoPhaseOf(request.status);
  const position = request.queue ? t('progress.position', { position: request.queue.position }) : '';
  return (
    <div
      className="flex items-center gap-3 rounded-(--radius-card) border border-primary/20 bg-primary-soft p-4"
      data-testid="progress-line"
      data-phase={phase}
    >
      <Clock aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="font-semibold">
        {tv(`phase.${phase}`)}
        {position}
        {' · '}
        <span role="timer" data-testid="time-left" data-seconds={left}>
          {left >= 60 ? t('progress.left', { time: clock(left) }) : t('progress.almost')}
        </span>
      </p>
    </div>
  );
}
