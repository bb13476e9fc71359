import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story } from '#shared/stories';
import { usePlanEditor } from '../hooks/use-plan-editor';
import { planSeconds } from '../lib/plan';
import { PriceCard } from './price-card';
import { SaveStatus } from './save-status';
import { ShotList } from './shot-list';
import { StoryActions } from './story-actions';
import { StoryFilm } from './story-film';
import { StoryPlayer } from './story-player';

/**
 * One story's board, phone first (375 px): the story playing (its film once finished, else the drafts so far)
 * before the buttons, the main action (draft, finish) in a bar on screen, the price of every mode, then the shots
 * to edit. Every edit re-prices at once and is saved as edited (usePlanEditor).
 */
export function StoryBoard({ story }: { story: Story }) {
  const { t } = useTranslation('stories');
  const editor = usePlanEditor(story);
  const [announcement, setAnnouncement] = useState('');
  const seconds = planSeconds(editor.plan);
  const drafted = story.shots.some((shot) => shot.request !== null);
  return (
    <div className="flex flex-col gap-4" data-testid="story-board" data-status={story.status}>
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-bold tracking-tight break-words sm:text-3xl" data-testid="story-title">
          {story.title}
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="story-meta">
          {t('board.meta', { shots: editor.plan.length, seconds, ratio: story.aspectRatio })} ·{' '}
          {story.plannedBy === 'rules' ? t('board.plannedByRules') : t('board.plannedByModel')}
        </p>
      </header>
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="story-announcement">
        {announcement}
      </p>
      <div className="grid gap-4 lg:grid-cols-5 lg:items-start">
        <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-20 lg:col-span-2">
          {story.film ? (
            <StoryFilm storyId={story.id} film={story.film} finished={story.status === 'finished'} />
          ) : drafted ? (
            <StoryPlayer story={story} plan={editor.plan} />
          ) : null}
          <StoryActions story={story} editor={editor} />
          <PriceCard price={editor.price} />
        </div>
        <div className="flex min-w-0 flex-col gap-3 lg:col-span-3">
          <SaveStatus state={editor.state} error={editor.error} onRetry={() => void editor.flush()} />
          <ShotList story={story} editor={editor} announce={setAnnouncement} />
        </div>
      </div>
    </div>
  );
}
