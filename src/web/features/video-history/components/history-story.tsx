import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HistoryStory } from '#shared/history-list';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';
import { storyPath } from '#web/features/stories';
import { VideoThumbnail } from '#web/features/videos';

/**
 * A story (Roteiro, ADR 0062) as ONE item of the history: its title, its shots and length, its status, its film's
 * (else its first shot's) thumbnail and what it spent — and the way to its board, where its shots are.
 */
export function HistoryStoryItem({ story }: { story: HistoryStory }) {
  const { t } = useTranslation('videoHistory');
  const { t: storiesT } = useTranslation('stories');
  return (
    <div className="flex flex-col gap-3" data-testid="history-story" data-story={story.id}>
      <div className="flex items-center gap-3">
        <VideoThumbnail url={story.thumbnailUrl} className="w-24" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <Clapperboard aria-hidden="true" className="size-3.5" />
            {t('story.label')}
          </span>
          <span className="font-medium break-words" data-testid="history-story-title">
            {story.title}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums" data-testid="history-story-meta">
            {t('story.meta', { count: story.shots, seconds: story.totalSeconds })} ·{' '}
            {formatCredits(story.creditsUsed)}
          </span>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Badge
          variant={story.status === 'finished' ? 'success' : 'secondary'}
          data-testid="history-story-status"
        >
          {storiesT(`list.status.${story.status}`)}
        </Badge>
        <Button asChild variant="outline" size="sm">
          <Link to={storyPath(story.id)} aria-label={t('story.openLabel', { title: story.title })}>
            {t('story.open')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
