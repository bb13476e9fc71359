import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story } from '#shared/stories';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { ChargeConfirm } from '#web/features/videos';
import { useDraftStory } from '../api/stories';
import { useChargeCall } from '../hooks/use-charge-call';
import type { PlanEditor } from '../hooks/use-plan-editor';
import { draftCost, drafting, finishable, readyTake, toDraft } from '../lib/takes';
import { FinishStoryDialog } from './finish-story-dialog';

/**
 * The story's main action where a thumb reaches it: below `lg` a bar fixed to the bottom of the screen (as the
 * create page's submit and the film board's save, ADR 0027, 0058). 'Rascunhar roteiro' while shots lack a draft,
 * the drafts' progress while they come in, then 'Finalizar roteiro'. Each charge is asked first (ChargeConfirm).
 */
export function StoryActions({ story, editor }: { story: Story; editor: PlanEditor }) {
  const { t } = useTranslation('stories');
  const pending = toDraft(story, editor.plan);
  const invalid = Object.keys(editor.problems).length > 0;
  const ready = editor.plan.filter((shot) => readyTake(story, shot)).length;
  const started = story.shots.some((shot) => shot.request !== null);
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-2 border-t border-border bg-background/95 px-4 py-3 shadow-lg backdrop-blur lg:static lg:rounded-(--radius-card) lg:border lg:shadow-none"
      data-testid="story-actions"
    >
      {started ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="story-progress">
          {t('draft.progress', { ready, count: editor.plan.length })}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {pending.length > 0 ? (
          <DraftDialog
            story={story}
            count={pending.length}
            cost={draftCost(pending)}
            first={!started}
            disabled={invalid}
            before={editor.flush}
          />
        ) : null}
        {started ? (
          <FinishStoryDialog
            story={story}
            price={editor.price}
            ready={finishable(story, editor.plan) && !drafting(story) && story.status !== 'finishing'}
            before={editor.flush}
          />
        ) : null}
      </div>
      {invalid ? <p className="text-xs text-destructive">{t('save.invalid')}</p> : null}
      {started && !drafting(story) && !finishable(story, editor.plan) ? (
        <p className="text-xs text-muted-foreground" data-testid="story-finish-hint">
          {t('finish.needDrafts')}
        </p>
      ) : null}
    </div>
  );
}

function DraftDialog({
  story,
  count,
  cost,
  first,
  disabled,
  before,
}: {
  story: Story;
  count: number;
  cost: number;
  first: boolean;
  disabled: boolean;
  before: () => Promise<void>;
}) {
  const { t } = useTranslation('stories');
  const [open, setOpen] = useState(false);
  const draft = useDraftStory(story.id);
  const call = useChargeCall((clientKey) => draft.mutateAsync(clientKey), {
    before,
    onDone: () => setOpen(false),
    fallback: t('draft.error'),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="lg"
          variant={first ? 'primary' : 'outline'}
          className="w-full sm:flex-1"
          disabled={disabled}
          data-testid="story-draft-open"
        >
          <Clapperboard aria-hidden="true" />
          {first ? t('draft.open') : t('draft.confirmNew')}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="story-draft-dialog">
        <DialogHeader>
          <DialogTitle>{t('draft.title')}</DialogTitle>
          <DialogDescription>{t('draft.note')}</DialogDescription>
        </DialogHeader>
        <ChargeConfirm
          cost={cost}
          confirmLabel={t('draft.confirm', { count })}
          onConfirm={() => void call.run()}
          busy={call.busy}
          error={call.error}
          testId="story-draft"
        />
      </DialogContent>
    </Dialog>
  );
}
