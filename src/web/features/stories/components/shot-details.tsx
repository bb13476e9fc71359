import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { STORY_SHOT_FIELD_MAX_LENGTH, type Story } from '#shared/stories';
import { Input, Label } from '#web/components/ui/input';
import type { PlanShot } from '../lib/plan';
import { StoryCastField } from './story-cast-field';

/**
 * A shot's framing and camera, setting and cast: folded on a phone so the words and the line stay in view, open on
 * a wide screen. The cast is who of the story's Elenco appears, within the model's reference images per shot.
 */
export function ShotDetails({
  story,
  shot,
  onChange,
}: {
  story: Story;
  shot: PlanShot;
  onChange: (edit: Partial<PlanShot>) => void;
}) {
  const { t } = useTranslation('stories');
  const id = useId();
  const summary = [shot.camera, shot.setting].filter(Boolean).join(' · ');
  return (
    <details className="group rounded-md border border-border px-3 py-2 text-sm">
      <summary className="cursor-pointer truncate text-muted-foreground">
        {t('shot.camera')} · {t('shot.setting')}
        {summary ? `: ${summary}` : ''}
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-camera`}>{t('shot.camera')}</Label>
          <Input
            id={`${id}-camera`}
            maxLength={STORY_SHOT_FIELD_MAX_LENGTH}
            value={shot.camera}
            onChange={(event) => onChange({ camera: event.currentTarget.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-setting`}>{t('shot.setting')}</Label>
          <Input
            id={`${id}-setting`}
            maxLength={STORY_SHOT_FIELD_MAX_LENGTH}
            value={shot.setting}
            onChange={(event) => onChange({ setting: event.currentTarget.value })}
          />
        </div>
        {story.castIds.length > 0 ? (
          <StoryCastField
            legend={t('shot.cast')}
            value={shot.castIds}
            onChange={(castIds) => onChange({ castIds })}
            only={story.castIds}
            max={story.model.referencesPerShot}
          />
        ) : null}
      </div>
    </details>
  );
}
