import { useTranslation } from 'react-i18next';
import { useSceneReorder } from '../hooks/use-scene-reorder';
import type { BoardScene } from '../lib/board';
import { SceneItem } from './scene-item';

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
  const reorder = useSceneReorder(scenes, onMove, announce);

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
      <ol ref={reorder.listRef} className="flex flex-col gap-3" data-testid="film-scenes">
        {scenes.map((scene, index) => (
          <SceneItem
            key={scene.key}
            scene={scene}
            index={index}
            count={scenes.length}
            drop={reorder.item(index)}
            handle={reorder.handle(index)}
            onMove={(to, control) => reorder.move(index, to, control)}
            onTrim={(edge, value) => onTrim(index, edge, value)}
            onRemove={() => {
              onRemove(index);
              announce(t('board.removed', { count: scenes.length - 1 }));
            }}
          />
        ))}
      </ol>
    </>
  );
}
