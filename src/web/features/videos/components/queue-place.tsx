import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QueuePlace } from '#shared/video-queue';
import { cn } from '#web/lib/cn';
import { queuePlaceText } from '../lib/queue-place';

/**
 * A waiting request's place in line and estimated start (ADR 0061). A polite live region: a screen reader hears
 * the request move up without losing its place on the page.
 */
export function QueuePlaceNote({ place, className }: { place: QueuePlace | null; className?: string }) {
  const { t, i18n } = useTranslation('videos');
  return (
    <span
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="queue-place"
      className={cn('inline-flex items-center gap-1.5 text-sm text-muted-foreground', className)}
    >
      {place ? (
        <>
          <Users aria-hidden="true" className="size-4 shrink-0" />
          {queuePlaceText(t, i18n.language, place)}
        </>
      ) : null}
    </span>
  );
}
