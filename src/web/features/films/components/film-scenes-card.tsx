import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { VideoThumbnail } from '#web/features/videos';
import { currentLanguage } from '#web/lib/language';
import { useFilmScenes } from '../api/films';
import { formatSeconds } from '../lib/board';

/** A film's scenes on its detail page, in order, each linked to the video it was cut from. */
export function FilmScenesCard({ filmId }: { filmId: string }) {
  const { t } = useTranslation('films');
  const language = currentLanguage();
  const scenes = useFilmScenes(filmId, true);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('detail.scenes')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {scenes.data ? (
          <ol className="flex flex-col gap-2" data-testid="film-detail-scenes">
            {scenes.data.map((scene) => {
              const range = t('detail.sceneRange', {
                start: formatSeconds(scene.startSeconds, language),
                end: formatSeconds(scene.endSeconds, language),
              });
              const body = (
                <>
                  <span className="w-5 shrink-0 text-sm font-semibold tabular-nums">
                    <span className="sr-only">{t('detail.scene')} </span>
                    {scene.position}
                  </span>
                  <VideoThumbnail url={scene.thumbnailUrl} className="w-16" />
                  <span className="flex min-w-0 flex-col">
                    <span className="line-clamp-2 text-sm break-words">
                      {scene.prompt ?? t('detail.sceneGone')}
                    </span>
                    <span className="text-xs text-muted-foreground">{range}</span>
                  </span>
                </>
              );
              return (
                <li key={scene.position} data-testid="film-detail-scene">
                  {scene.requestId ? (
                    <Link
                      to={`/dashboard/request/${scene.requestId}`}
                      className="flex items-center gap-2 rounded-md p-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="flex items-center gap-2 p-1">{body}</div>
                  )}
                </li>
              );
            })}
          </ol>
        ) : scenes.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('detail.scenesError')}
          </p>
        ) : (
          <Spinner label={t('detail.scenesLoading')} className="text-primary" />
        )}
      </CardContent>
    </Card>
  );
}
