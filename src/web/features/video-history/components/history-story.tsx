import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HistoryStory, VideoRequestListItem } from '#shared/history-list';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { TableCell, TableRow } from '#web/components/ui/table';
import { formatCredits } from '#web/features/credits';
import { storyPath } from '#web/features/stories';
import { VideoThumbnail } from '#web/features/videos';
import { HistoryCardFrame } from './history-card-frame';
import { When } from './when';

/**
 * A story (Roteiro, ADR 0062) as ONE item of the history: when it was started, its title, its shots and length, its
 * status, its film's (else its first shot's) thumbnail and what it spent — and the way to its board, where its
 * shots are. Laid out as the requests around it are: the table's own columns from 768 px, a card below.
 */
interface StoryItemProps {
  item: VideoRequestListItem;
  story: HistoryStory;
  timeZone: string;
  now: Date;
}

function StoryHeading({ story, credits }: { story: HistoryStory; credits?: string }) {
  const { t } = useTranslation('videoHistory');
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="history-story" data-story={story.id}>
      <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        <Clapperboard aria-hidden="true" className="size-3.5" />
        {t('story.label')}
      </span>
      <span className="break-words" data-testid="history-story-title">
        {story.title}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums" data-testid="history-story-meta">
        {t('story.meta', { count: story.shots, seconds: story.totalSeconds })}
        {credits ? ` · ${credits}` : ''}
      </span>
    </div>
  );
}

function StoryStatus({ story }: { story: HistoryStory }) {
  const { t } = useTranslation('stories');
  return (
    <Badge
      variant={story.status === 'finished' ? 'success' : 'secondary'}
      className="w-fit"
      data-testid="history-story-status"
    >
      {t(`list.status.${story.status}`)}
    </Badge>
  );
}

function OpenStory({ story, variant }: { story: HistoryStory; variant: 'outline' | 'ghost' }) {
  const { t } = useTranslation('videoHistory');
  return (
    <Button asChild variant={variant} size="sm" className={variant === 'outline' ? 'w-full' : undefined}>
      <Link to={storyPath(story.id)} aria-label={t('story.openLabel', { title: story.title })}>
        {t('story.open')}
      </Link>
    </Button>
  );
}

/** Desktop: a row of the table, each figure in its column (a story mixes modes: none is named). */
export function HistoryStoryRow({ item, story, timeZone, now }: StoryItemProps) {
  return (
    <TableRow data-testid="history-row" data-id={item.id}>
      <TableCell className="whitespace-nowrap">
        <When iso={item.createdAt} timeZone={timeZone} now={now} />
      </TableCell>
      <TableCell className="max-w-sm">
        <div className="flex items-center gap-3">
          <VideoThumbnail url={story.thumbnailUrl} className="w-20" />
          <StoryHeading story={story} />
        </div>
      </TableCell>
      <TableCell className="text-muted-foreground">—</TableCell>
      <TableCell className="tabular-nums">{item.aspectRatio}</TableCell>
      <TableCell className="text-right tabular-nums" data-testid="history-story-credits">
        {formatCredits(story.creditsUsed)}
      </TableCell>
      <TableCell>
        <StoryStatus story={story} />
      </TableCell>
      <TableCell className="text-right">
        <OpenStory story={story} variant="ghost" />
      </TableCell>
    </TableRow>
  );
}

/** Under 768 px: a card as the requests' — when and status first, then what it is, then the way to its board. */
export function HistoryStoryCard({ item, story, timeZone, now }: StoryItemProps) {
  const { t: tv } = useTranslation('videos');
  const credits = tv('charge.credits', { count: story.creditsUsed, value: formatCredits(story.creditsUsed) });
  return (
    <HistoryCardFrame
      id={item.id}
      createdAt={item.createdAt}
      timeZone={timeZone}
      now={now}
      status={<StoryStatus story={story} />}
    >
      <div className="flex items-center gap-3">
        <VideoThumbnail url={story.thumbnailUrl} className="w-24" />
        <StoryHeading story={story} credits={credits} />
      </div>
      <OpenStory story={story} variant="outline" />
    </HistoryCardFrame>
  );
}
