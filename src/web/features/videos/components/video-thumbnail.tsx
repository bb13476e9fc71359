import { Film } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AspectRatio } from '#shared/catalogue';
import { cn } from '#web/lib/cn';

/**
 * A request's thumbnail (a short-lived signed URL), or a film icon while there is none or the link has expired.
 * Decorative next to the prompt it illustrates, so the image has an empty alt. With `ratio` the box takes the
 * video's own ratio (a 9:16 thumbnail is drawn 9:16, ADR 0058); without it the box is 16:9 and the image is
 * contained, never cropped, so a vertical video still shows whole.
 */
export function VideoThumbnail({
  url,
  ratio,
  className,
}: {
  url: string | null;
  ratio?: AspectRatio;
  className?: string;
}) {
  const { t } = useTranslation('videos');
  const [broken, setBroken] = useState(false);
  const box = cn(
    ratio ? undefined : 'aspect-video',
    'shrink-0 overflow-hidden rounded-md bg-muted',
    className,
  );
  const style = ratio ? { aspectRatio: ratio.replace(':', ' / ') } : undefined;
  if (!url || broken) {
    return (
      <div
        className={cn(box, 'flex items-center justify-center text-muted-foreground')}
        style={style}
        data-testid="thumbnail"
      >
        <Film aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('thumbnail.none')}</span>
      </div>
    );
  }
  return (
    <div className={box} style={style} data-testid="thumbnail" data-ratio={ratio}>
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-contain"
        onError={() => setBroken(true)}
      />
    </div>
  );
}
