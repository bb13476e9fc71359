import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useStory } from '../api/stories';
import { StoryBoard } from '../components/story-board';
import { STORIES_PATH } from '../lib/paths';

/**
 * /dashboard/stories/:id: one story's board (ADR 0062) — the plan to edit, its drafts playing as they come, the
 * review, 'Finalizar roteiro' and the film to share. Follows the story live (the `video_request` events).
 */
export default function StoryPage() {
  const { t } = useTranslation('stories');
  useDocumentTitle(t('documentTitle'));
  const id = useParams().id ?? '';
  const story = useStory(id);
  return (
    <div className="container-page flex flex-col gap-4 pt-4 pb-40 sm:pt-8 lg:pb-10" data-testid="story-page">
      <Button asChild variant="link" className="w-fit">
        <Link to={STORIES_PATH}>
          <ArrowLeft aria-hidden="true" />
          {t('board.back')}
        </Link>
      </Button>
      {story.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label={t('board.loading')}>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : story.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3" data-testid="story-error">
          <p className="font-semibold">
            {isApiError(story.error) && story.error.status === 404
              ? t('board.notFound')
              : t('board.loadError')}
          </p>
          {isApiError(story.error) && story.error.status === 404 ? null : (
            <Button variant="outline" onClick={() => void story.refetch()}>
              {t('board.retry')}
            </Button>
          )}
        </div>
      ) : (
        <StoryBoard key={story.data.id} story={story.data} />
      )}
    </div>
  );
}
