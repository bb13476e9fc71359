import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '#shared/api-contract';
import { captionsContract } from '#shared/captions.contract';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { ShareActions } from '#web/features/video-detail';
import { FailedResult, VideoStatusBadge } from '#web/features/videos';
import { cn } from '#web/lib/cn';
import { usePlayingUrl } from '#web/lib/use-playing-url';
import { useRereadOnce } from '#web/lib/use-reread-once';
import { storyQueryKey } from '../api/stories';
import { FRAME } from './story-player';

/**
 * The finished story: the film 'Finalizar roteiro' made, with its captions (the dialogue's own words and speakers,
 * the WebVTT track on by default) and the house's share sheet; while it is made or captioned, where it is.
 */
export function StoryFilm({
  storyId,
  film,
  finished,
}: {
  storyId: string;
  film: VideoRequestView;
  finished: boolean;
}) {
  const { t } = useTranslation('stories');
  const video = usePlayingUrl(film.videoUrl);
  const reread = useRereadOnce(storyQueryKey(storyId));
  if (film.status === 'failed') return <FailedResult request={film} />;
  // Ready to post once the story is finished: the film joined and its captions written from the lines.
  if (film.status !== 'completed' || !video.url || !finished) {
    return (
      <section
        className="flex flex-col items-start gap-2 rounded-(--radius-card) border border-border bg-card p-4"
        data-testid="story-film-making"
      >
        <div className="flex items-center gap-2">
          <Spinner size="sm" decorative />
          <h2 className="font-semibold">{t('film.title')}</h2>
          <VideoStatusBadge status={film.status} />
        </div>
        <p className="text-sm text-muted-foreground">{t('film.making')}</p>
      </section>
    );
  }
  return (
    <section className="flex flex-col gap-3" data-testid="story-film" aria-label={t('film.title')}>
      <div className={cn('mx-auto max-w-full overflow-hidden rounded-lg bg-black', FRAME[film.aspectRatio])}>
        <video
          className="size-full object-contain"
          src={video.url}
          poster={film.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={t('film.label')}
          data-testid="story-film-video"
          onError={() => {
            video.expired();
            reread();
          }}
        >
          <track
            kind="captions"
            srcLang="pt-BR"
            label={t('film.captions')}
            src={pathOf(captionsContract.getCaptionsVtt, { id: film.id })}
            default
          />
        </video>
      </div>
      <ShareActions request={film} />
      <Button asChild variant="link" className="w-fit">
        <Link to={`/dashboard/request/${film.id}`} data-testid="story-film-page">
          <ExternalLink aria-hidden="true" />
          {t('film.open')}
        </Link>
      </Button>
    </section>
  );
}
