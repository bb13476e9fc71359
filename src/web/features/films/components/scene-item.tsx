import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { VideoThumbnail } from '#web/features/videos';
import { cn } from '#web/lib/cn';
import type { MoveControl } from '../hooks/use-scene-reorder';
import type { BoardScene } from '../lib/board';
import { ClipMeta } from './clip-meta';
import { SceneTrimFields } from './scene-trim-fields';

/** Where a dragged scene is dropped (the scene's place in the list). */
interface SceneDrop {
  dragged: boolean;
  over: boolean;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

/** The scene's handle: dragged, or moved with the keys. */
interface SceneHandle {
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/** One scene of the board: its handle and number, its video, its trim, and the buttons that move or remove it. */
export function SceneItem({
  scene,
  index,
  count,
  drop,
  handle,
  onMove,
  onTrim,
  onRemove,
}: {
  scene: BoardScene;
  index: number;
  count: number;
  drop: SceneDrop;
  handle: SceneHandle;
  onMove: (to: number, control: MoveControl) => void;
  onTrim: (edge: 'start' | 'end', value: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('films');
  const number = index + 1;
  return (
    <li
      data-scene-key={scene.key}
      data-request-id={scene.video.id}
      data-testid="film-scene"
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
      className={cn(
        'flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-3 sm:flex-row sm:items-start',
        drop.dragged && 'opacity-50',
        drop.over && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <div className="flex min-w-0 items-center gap-2 sm:w-64 sm:shrink-0">
        <button
          type="button"
          draggable
          data-control="handle"
          aria-label={t('board.handle', { number, prompt: scene.video.prompt })}
          aria-describedby="film-board-instructions"
          onKeyDown={handle.onKeyDown}
          onDragStart={handle.onDragStart}
          onDragEnd={handle.onDragEnd}
          className="flex size-10 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
          data-testid="film-scene-handle"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
        <span className="w-6 shrink-0 text-sm font-semibold tabular-nums" aria-hidden="true">
          {number}
        </span>
        <VideoThumbnail url={scene.video.thumbnailUrl} ratio={scene.video.aspectRatio} className="h-12" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="line-clamp-2 text-sm" data-testid="film-scene-prompt">
            <span className="sr-only">{t('board.scene', { number })}: </span>
            {scene.video.prompt}
          </p>
          <ClipMeta video={scene.video} testId="film-scene-meta" />
        </div>
      </div>
      <SceneTrimFields scene={scene} onTrim={onTrim} />
      <div className="flex shrink-0 gap-1 sm:flex-col">
        <Button
          variant="outline"
          size="icon"
          data-control="up"
          disabled={index === 0}
          aria-label={t('board.up', { number })}
          onClick={() => onMove(index - 1, 'up')}
          data-testid="film-scene-up"
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          data-control="down"
          disabled={index === count - 1}
          aria-label={t('board.down', { number })}
          onClick={() => onMove(index + 1, 'down')}
          data-testid="film-scene-down"
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('board.remove', { number })}
          onClick={onRemove}
          data-testid="film-scene-remove"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
