import { useTranslation } from 'react-i18next';
import { Input, Label } from '#web/components/ui/input';
import { currentLanguage } from '#web/lib/language';
import { type BoardScene, formatSeconds, MIN_SCENE_SECONDS, sceneCut } from '../lib/board';

/** A scene's trim: where it starts and ends in its video, and what is kept (or why the cut cannot be made). */
export function SceneTrimFields({
  scene,
  onTrim,
}: {
  scene: BoardScene;
  onTrim: (edge: 'start' | 'end', value: string) => void;
}) {
  const { t } = useTranslation('films');
  const language = currentLanguage();
  const cut = sceneCut(scene);
  const total = formatSeconds(scene.video.deliveredSeconds, language);
  const errorId = `scene-${scene.key}-error`;
  return (
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
                onChange={(event) => onTrim(edge, event.target.value)}
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
  );
}
