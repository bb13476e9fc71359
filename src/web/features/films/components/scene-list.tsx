import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Input, Label } from '#web/components/ui/input';
import { VideoThumbnail } from '#web/features/videos';
import { cn } from '#web/lib/cn';
import { currentLanguage } from '#web/lib/language';
import { type BoardScene, formatSeconds, MIN_SCENE_SECONDS, sceneCut } from '../lib/board';

/**
 * The film's scenes in order (an ordered list). Reordered by dragging (pointer) or from the keyboard: each scene's
 * handle moves it with the up and down arrows, and the up/down buttons do the same; each move is announced in the
 * polite live region and focus follows the moved scene, so a keyboard user keeps their place.
 */
export function SceneList({
  scenes,
  onMove,
  onRemove,
  onTrim,
  announce,
}: {
  scenes: readonly BoardScene[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  onTrim: (index: number, edge: 'start' | 'end', value: string) => void;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation('films');
  const language = currentLanguage();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  /** The scene (by key) whose handle or button should get focus after a move. */
  const focusAfterMove = useRef<{ key: string; control: 'handle' | 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-scene-key="${wanted.key}"]`);
    const control =
      item?.querySelector<HTMLButtonElement>(`[data-control="${wanted.control}"]:not(:disabled)`) ??
      item?.querySelector<HTMLButtonElement>('[data-control="handle"]');
    control?.focus();
  });

  const move = (from: number, to: number, control: 'handle' | 'up' | 'down') => {
    if (to < 0 || to >= scenes.length || from === to) return;
    const scene = scenes[from];
    if (scene) focusAfterMove.current = { key: scene.key, control };
    onMove(from, to);
    announce(t('board.moved', { position: to + 1, count: scenes.length }));
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to =
      event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? scenes.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    move(index, to, 'handle');
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = dragging ?? Number(event.dataTransfer.getData('text/plain'));
    setDragging(null);
    setOver(null);
    if (Number.isInteger(from)) move(from, index, 'handle');
  };

  if (scenes.length === 0) {
    return (
      <p
        className="rounded-(--radius-card) border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground"
        data-testid="film-board-empty"
      >
        {t('board.empty')}
      </p>
    );
  }

  return (
    <>
      <p id="film-board-instructions" className="text-sm text-muted-foreground">
        {t('board.instructions')}
      </p>
      <ol ref={listRef} className="flex flex-col gap-3" data-testid="film-scenes">
        {scenes.map((scene, index) => {
          const number = index + 1;
          const cut = sceneCut(scene);
          const total = formatSeconds(scene.video.durationSeconds, language);
          const errorId = `scene-${scene.key}-error`;
          return (
            <li
              key={scene.key}
              data-scene-key={scene.key}
              data-request-id={scene.video.id}
              data-testid="film-scene"
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? null : current))}
              onDrop={(event) => onDrop(event, index)}
              className={cn(
                'flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-3 sm:flex-row sm:items-start',
                dragging === index && 'opacity-50',
                over === index && dragging !== index && 'border-primary ring-2 ring-primary/30',
              )}
            >
              <div className="flex min-w-0 items-center gap-2 sm:w-64 sm:shrink-0">
                <button
                  type="button"
                  draggable
                  data-control="handle"
                  aria-label={t('board.handle', { number, prompt: scene.video.prompt })}
                  aria-describedby="film-board-instructions"
                  onKeyDown={(event) => onHandleKey(event, index)}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                    setDragging(index);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  className="flex size-10 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
                  data-testid="film-scene-handle"
                >
                  <GripVertical aria-hidden="true" className="size-5" />
                </button>
                <span className="w-6 shrink-0 text-sm font-semibold tabular-nums" aria-hidden="true">
                  {number}
                </span>
                <VideoThumbnail url={scene.video.thumbnailUrl} className="w-20" />
                <p className="line-clamp-2 min-w-0 text-sm break-words" data-testid="film-scene-prompt">
                  <span className="sr-only">{t('board.scene', { number })}: </span>
                  {scene.video.prompt}
                </p>
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="grid grid-cols-2 gap-2">
                  {(['start', 'end'] as const).map((edge) => {
                    const id = `scene-${scene.key}-${edge}`;
                    return (
                      <div key={edge} className="flex flex-col gap-1.5">
                        <Label htmlFor={id}>{t(`board.${edge}`)}</Label>
                        <Input
                          id={id}
                          type="text"
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder={edge === 'start' ? '0' : total}
                          value={scene[edge]}
                          aria-invalid={!cut.ok}
                          aria-describedby={cut.ok ? undefined : errorId}
                          onChange={(event) => onTrim(index, edge, event.target.value)}
                          data-testid={`film-scene-${edge}`}
                        />
                      </div>
                    );
                  })}
                </div>
                {cut.ok ? (
                  <p className="text-xs text-muted-foreground" data-testid="film-scene-kept">
                    {t('board.kept', { value: formatSeconds(cut.keptSeconds, language), total })}
                  </p>
                ) : (
                  <p id={errorId} className="text-xs text-destructive" role="alert">
                    {t('board.trimError', { total, min: formatSeconds(MIN_SCENE_SECONDS, language) })}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 gap-1 sm:flex-col">
                <Button
                  variant="outline"
                  size="icon"
                  data-control="up"
                  disabled={index === 0}
                  aria-label={t('board.up', { number })}
                  onClick={() => move(index, index - 1, 'up')}
                  data-testid="film-scene-up"
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="outline"
                  size="icon"
                  data-control="down"
                  disabled={index === scenes.length - 1}
                  aria-label={t('board.down', { number })}
                  onClick={() => move(index, index + 1, 'down')}
                  data-testid="film-scene-down"
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('board.remove', { number })}
                  onClick={() => {
                    onRemove(index);
                    announce(t('board.removed', { count: scenes.length - 1 }));
                  }}
                  data-testid="film-scene-remove"
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
