import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardScene } from '../lib/board';

export type MoveControl = 'handle' | 'up' | 'down';

/** The key that moves a scene from its handle, and where to: a step up or down, or to either end. */
function keyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowUp') return index - 1;
  if (key === 'ArrowDown') return index + 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The scenes' reordering: dragged (pointer) or moved from the keyboard (the handle's arrows, Home and End, or the
 * up/down buttons). Each move is announced in the polite live region and focus follows the moved scene to the same
 * control, so a keyboard user keeps their place. `listRef` is the list the focus is looked for in.
 */
export function useSceneReorder(
  scenes: readonly BoardScene[],
  onMove: (from: number, to: number) => void,
  announce: (message: string) => void,
) {
  const { t } = useTranslation('films');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  /** The scene (by key) whose handle or button should get focus after a move. */
  const focusAfterMove = useRef<{ key: string; control: MoveControl } | null>(null);
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

  const move = (from: number, to: number, control: MoveControl) => {
    if (to < 0 || to >= scenes.length || from === to) return;
    const scene = scenes[from];
    if (scene) focusAfterMove.current = { key: scene.key, control };
    onMove(from, to);
    announce(t('board.moved', { position: to + 1, count: scenes.length }));
  };

  /** A scene's place in the list: where a dragged scene is dropped. */
  const item = (index: number) => ({
    dragged: dragging === index,
    over: over === index && dragging !== index,
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setOver(index);
    },
    onDragLeave: () => setOver((current) => (current === index ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragging ?? Number(event.dataTransfer.getData('text/plain'));
      setDragging(null);
      setOver(null);
      if (Number.isInteger(from)) move(from, index, 'handle');
    },
  });

  /** A scene's handle: dragged, or moved with the keys. */
  const handle = (index: number) => ({
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const to = keyTarget(event.key, index, scenes.length);
      if (to === null) return;
      event.preventDefault();
      move(index, to, 'handle');
    },
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(index));
      setDragging(index);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
  });

  return { listRef, move, item, handle };
}
