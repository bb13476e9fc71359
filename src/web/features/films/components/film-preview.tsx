import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AspectRatio } from '#shared/catalogue';
import { cn } from '#web/lib/cn';
import { type BoardScene, sceneCut } from '../lib/board';

const FRAME: Record<AspectRatio, string> = {
  '16:9': 'aspect-video',
  '9:16': 'aspect-[9/16] max-h-[70vh]',
  '1:1': 'aspect-square max-h-[70vh]',
  '4:3': 'aspect-[4/3]',
};

/**
 * The film before it is saved: the scenes' own videos played one after another in one player, each from its start
 * to its end as trimmed (one element, so the click that started the preview lets every scene play with sound).
 */
export function FilmPreview({
  scenes,
  aspectRatio,
  onEnd,
}: {
  scenes: readonly BoardScene[];
  aspectRatio: AspectRatio;
  onEnd: () => void;
}) {
  const { t } = useTranslation('films');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(0);
  const scene = scenes[index];
  const cut = scene ? sceneCut(scene) : undefined;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !scene?.video.videoUrl || !cut?.ok) return;
    video.src = scene.video.videoUrl;
    const start = () => {
      video.currentTime = cut.startSeconds;
      void video.play().catch(() => undefined);
    };
    video.addEventListener('loadedmetadata', start, { once: true });
    return () => video.removeEventListener('loadedmetadata', start);
  }, [scene, cut?.ok, cut?.startSeconds]);

  const next = () => {
    if (index + 1 < scenes.length) setIndex(index + 1);
    else onEnd();
  };

  return (
    <figure className="flex flex-col gap-2" data-testid="film-preview">
      <div className={cn('mx-auto w-full overflow-hidden rounded-lg bg-black', FRAME[aspectRatio])}>
        {/* biome-ignore lint/a11y/useMediaCaption: generated videos have no dialogue track to caption */}
        <video
          ref={videoRef}
          className="size-full object-contain"
          controls
          playsInline
          preload="auto"
          onTimeUpdate={(event) => {
            if (cut?.ok && event.currentTarget.currentTime >= cut.endSeconds) next();
          }}
          onEnded={next}
        />
      </div>
      <figcaption className="text-sm text-muted-foreground" aria-live="polite">
        {t('form.previewScene', { number: index + 1, count: scenes.length })}
      </figcaption>
    </figure>
  );
}
