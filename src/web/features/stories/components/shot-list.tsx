import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { STORY_SHOTS_MAX, type Story } from '#shared/stories';
import { Button } from '#web/components/ui/button';
import type { PlanEditor } from '../hooks/use-plan-editor';
import { type MoveControl, ShotCard } from './shot-card';

/**
 * The shots in order. Reordering is by buttons (keyboard and touch alike, never drag only); each move is announced
 * in the polite live region and the focus follows the moved shot to the same button, as the film board does.
 */
export function ShotList({
  story,
  editor,
  announce,
}: {
  story: Story;
  editor: PlanEditor;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation('stories');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<{ key: string; control: string } | null>(null);
  const { plan } = editor;

  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted) return;
    focusAfter.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-shot-key="${wanted.key}"]`);
    const control =
      item?.querySelector<HTMLElement>(`[data-control="${wanted.control}"]:not(:disabled)`) ??
      item?.querySelector<HTMLElement>('textarea');
    control?.focus();
  });

  const move = (from: number, to: number, control: MoveControl) => {
    const shot = plan[from];
    if (!shot || to < 0 || to >= plan.length) return;
    focusAfter.current = { key: shot.key, control };
    editor.move(from, to);
    announce(t('board.announceMoved', { position: to + 1, count: plan.length }));
  };
  const add = (after: number) => {
    editor.add(after);
    announce(t('board.announceAdded', { position: after + 2 }));
  };
  const remove = (index: number) => {
    editor.remove(index);
    announce(t('board.announceRemoved', { count: plan.length - 1 }));
  };

  return (
    <>
      <ol ref={listRef} className="flex flex-col gap-3" data-testid="story-shots">
        {plan.map((shot, index) => (
          <ShotCard
            key={shot.key}
            story={story}
            shot={shot}
            index={index}
            count={plan.length}
            problems={editor.problems[shot.key]}
            onChange={(edit) => editor.update(shot.key, edit)}
            onMove={(to, control) => move(index, to, control)}
            onRemove={() => remove(index)}
            onBeforeCharge={editor.flush}
          />
        ))}
      </ol>
      <Button
        variant="outline"
        className="w-full"
        disabled={plan.length >= STORY_SHOTS_MAX}
        onClick={() => add(plan.length - 1)}
        data-testid="story-add-shot"
      >
        <Plus aria-hidden="true" />
        {t('shot.addLast')}
      </Button>
    </>
  );
}
