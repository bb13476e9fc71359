import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AspectRatio } from '#shared/catalogue';
import type { Story } from '#shared/stories';
import { cn } from '#web/lib/cn';
import { sameFile } from '#web/lib/use-playing-url';
import { useRereadOnce } from '#web/lib/use-reread-once';
import { storyQueryKey } from '../api/stories';
import type { PlanShot } from '../lib/plan';
import { readyTake } from '../lib/takes';

/** Kept short enough on a phone that the buttons below stay on the first screen (the video before the buttons). */
export const FRAME: Record<AspectRatio, string> = {
  '16:9': 'aspect-video w-full',
  '9:16': 'aspect-[9/16] h-[38vh] lg:h-[50vh]',
  '1:1': 'aspect-square h-[38vh] lg:h-auto lg:w-full',
  '4:3': 'aspect-[4/3] w-full',
};

/**
 * The story assembled so far: the delivered drafts of the shots in the plan's order, played one after another in
 * one player (one element, so the tap that started it lets every shot play with sound). While drafts come in, the
 * shots delivered since are played when the story reaches them.
 */
export function StoryPlayer({ story, plan }: { story: Story; plan: readonly PlanShot[] }) {
  const { t } = useTranslation('stories');
  const videoRef = useRef<HTMLVideoElement>(null);
  const clips = plan.flatMap((shot, index) => {
    const take = readyTake(story, shot);
    return take?.videoUrl ? [{ number: index + 1, url: take.videoUrl, poster: take.thumbnailUrl }] : [];
  });
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const clip = clips[Math.min(index, Math.max(0, clips.length - 1))];
  // The URL that failed to load (its signature expired): the next one read for the same file replaces it.
  const failedUrl = useRef<string | null>(null);
  const reread = useRereadOnce(storyQueryKey(story.id));

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !clip) return;
    // A refetch (each draft that comes in) signs every clip again: the one playing goes on rather than starting over.
    const current = video.getAttribute('src');
    const renewed = current === failedUrl.current && clip.url !== current;
    if (sameFile(current, clip.url) && !renewed) return;
    video.src = clip.url;
    if (playing) void video.play().catch(() => undefined);
  }, [clip, playing]);

  const next = () => {
    if (index + 1 < clips.length) setIndex(index + 1);
    else setPlaying(false);
  };

  return (
    <figure className="flex flex-col gap-2" data-testid="story-player" data-clips={clips.length}>
      <div className={cn('mx-auto max-w-full overflow-hidden rounded-lg bg-black', FRAME[story.aspectRatio])}>
        {clip ? (
          // biome-ignore lint/a11y/useMediaCaption: drafts have no caption track; the film has the dialogue's captions
          <video
            ref={videoRef}
            className="size-full object-contain"
            controls
            playsInline
            preload="metadata"
            poster={clip.poster ?? undefined}
            aria-label={t('player.label')}
            onPlay={() => setPlaying(true)}
            onEnded={next}
            onError={(event) => {
              failedUrl.current = event.currentTarget.getAttribute('src');
              reread();
            }}
            data-testid="story-player-video"
          />
        ) : (
          <p className="flex size-full items-center justify-center p-4 text-center text-sm text-white/80">
            {t('player.empty')}
          </p>
        )}
      </div>
      <figcaption
        className="text-sm text-muted-foreground"
        aria-live="polite"
        data-testid="story-player-caption"
      >
        {clip ? t('player.shot', { number: clip.number, count: plan.length }) : null}
        {clips.length < plan.length ? ` · ${t('player.waiting')}` : null}
      </figcaption>
    </figure>
  );
}
