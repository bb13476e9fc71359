import { ChevronRight, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useStories } from '../api/stories';
import { storyPath } from '../lib/paths';

/** 'Seus roteiros': the user's stories, newest first, each opening its board; loading, error and empty states. */
export function StoryList() {
  const { t } = useTranslation('stories');
  const stories = useStories();
  if (stories.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status" aria-label={t('list.loading')}>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (stories.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{t('list.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void stories.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (stories.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="stories-empty">
        {t('list.empty')}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="stories-list">
      {stories.data.map((story) => (
        <li key={story.id}>
          <Link
            to={storyPath(story.id)}
            className="flex min-h-16 items-center gap-3 rounded-(--radius-card) border border-border bg-card p-3 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {story.thumbnailUrl ? (
              <img src={story.thumbnailUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded bg-primary-soft text-primary">
                <ScrollText aria-hidden="true" className="size-5" />
              </span>
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">{story.title}</span>
              <span className="text-xs text-muted-foreground">
                {t(`list.status.${story.status}`)} ·{' '}
                {t('list.meta', {
                  shots: story.shots,
                  seconds: story.totalSeconds,
                  ratio: story.aspectRatio,
                })}
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
