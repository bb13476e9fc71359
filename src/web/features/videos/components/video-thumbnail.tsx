import { Film } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';

/**
 * A request's thumbnail (a short-lived signed URL), or a film icon while there is none or the link has expired.
 * Decorative next to the prompt it illustrates, so the image has an empty alt.
 */
export function VideoThumbnail({ url, className }: { url: string | null; className?: string }) {
  const { t } = useTranslation('videos');
  const [broken, setBroken] = useState(false);
  const box = cn('aspect-video shrink-0 overflow-hidden rounded-md bg-muted', className);
  if (!url || broken) {
    return (
      <div
        className={cn(box, 'flex items-center justify-center text-muted-foreground')}
        data-testid="thumbnail"
      >
        <Film aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('thumbnail.none')}</span>
      </div>
    );
  }
  return (
    <div className={box} data-testid="thumbnail">
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
        onError={() => setBroken(true)}
      />
    </div>
  );
}
