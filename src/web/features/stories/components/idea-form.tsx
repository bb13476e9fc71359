import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AspectRatio } from '#shared/catalogue';
import {
  createStorySchema,
  STORY_DEFAULT_ASPECT_RATIO,
  STORY_DEFAULT_TARGET_SECONDS,
  STORY_IDEA_MAX_LENGTH,
  STORY_IDEA_MIN_LENGTH,
  STORY_TARGET_MAX_SECONDS,
  STORY_TARGET_MIN_SECONDS,
  STORY_TONE_MAX_LENGTH,
} from '#shared/stories';
import { Button } from '#web/components/ui/button';
import { FieldError, FieldHint, Input, Label, Textarea } from '#web/components/ui/input';
import { isApiError } from '#web/lib/api';
import { useCreateStory } from '../api/stories';
import { storyPath } from '../lib/paths';
import { ChoiceChips } from './choice-chips';
import { StoryCastField } from './story-cast-field';

/** 9:16 first: a story is made for a phone's screen (the issue's default). */
const RATIOS: readonly AspectRatio[] = ['9:16', '16:9', '1:1', '4:3'];

/**
 * The new story: the idea (with its counter and the shared schema's limits), an optional cast, the ratio, the
 * length the planner aims at and a tone. Planning is free; while the plan is written the button says so and the
 * form is locked, then the story's board opens.
 */
export function IdeaForm() {
  const { t } = useTranslation('stories');
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateStory();
  const [idea, setIdea] = useState('');
  const [castIds, setCastIds] = useState<string[]>([]);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(STORY_DEFAULT_ASPECT_RATIO);
  const [targetSeconds, setTargetSeconds] = useState(STORY_DEFAULT_TARGET_SECONDS);
  const [tone, setTone] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = { idea, aspectRatio, targetSeconds, castIds, ...(tone.trim() ? { tone } : {}) };
    const checked = createStorySchema.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? t('idea.error'));
      return;
    }
    setProblem(null);
    create.mutate(input, {
      onSuccess: (story) => void navigate(storyPath(story.id)),
      onError: (error) => setProblem(isApiError(error) ? error.message : t('idea.error')),
    });
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-idea`}>{t('idea.label')}</Label>
        <Textarea
          id={`${id}-idea`}
          rows={4}
          maxLength={STORY_IDEA_MAX_LENGTH}
          placeholder={t('idea.placeholder')}
          value={idea}
          disabled={busy}
          onChange={(event) => setIdea(event.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-idea-hint ${id}-problem`}
          data-testid="story-idea"
        />
        <div className="flex items-start justify-between gap-3">
          <FieldHint id={`${id}-idea-hint`}>
            {t('idea.hint', {
              min: STORY_IDEA_MIN_LENGTH,
              max: STORY_IDEA_MAX_LENGTH.toLocaleString('pt-BR'),
            })}
          </FieldHint>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
            {t('idea.counter', { count: idea.length, max: STORY_IDEA_MAX_LENGTH })}
          </span>
        </div>
        <FieldError id={`${id}-problem`} data-testid="story-idea-error">
          {problem}
        </FieldError>
      </div>
      <ChoiceChips
        legend={t('idea.ratio')}
        name="aspectRatio"
        options={RATIOS.map((ratio) => ({ value: ratio, label: ratio }))}
        value={aspectRatio}
        onChange={setAspectRatio}
        disabled={busy}
        testId="story-ratio"
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-target`} className="flex justify-between">
          <span>{t('idea.target')}</span>
          <span className="tabular-nums" data-testid="story-target-value">
            {t('idea.targetValue', { value: targetSeconds })}
          </span>
        </Label>
        <input
          id={`${id}-target`}
          type="range"
          min={STORY_TARGET_MIN_SECONDS}
          max={STORY_TARGET_MAX_SECONDS}
          step={5}
          value={targetSeconds}
          disabled={busy}
          onChange={(event) => setTargetSeconds(Number(event.currentTarget.value))}
          aria-valuetext={t('idea.targetValue', { value: targetSeconds })}
          className="w-full accent-primary"
          data-testid="story-target"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-tone`}>{t('idea.tone')}</Label>
        <Input
          id={`${id}-tone`}
          maxLength={STORY_TONE_MAX_LENGTH}
          placeholder={t('idea.tonePlaceholder')}
          value={tone}
          disabled={busy}
          onChange={(event) => setTone(event.currentTarget.value)}
          data-testid="story-tone"
        />
      </div>
      <StoryCastField value={castIds} onChange={setCastIds} disabled={busy} />
      <PlanBar busy={busy} />
    </form>
  );
}

/**
 * 'Planejar roteiro': below `lg` a bar fixed to the bottom of the screen (as the create page's submit, ADR 0027),
 * so on a phone the main action is on screen without scrolling past the cast; while the plan is written it says so.
 */
function PlanBar({ busy }: { busy: boolean }) {
  const { t } = useTranslation('stories');
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 flex flex-col gap-1 border-t border-border bg-background/95 px-4 py-3 shadow-lg backdrop-blur lg:static lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none">
      <Button type="submit" size="lg" className="w-full lg:w-fit" loading={busy} data-testid="story-plan">
        {busy ? t('idea.planning') : t('idea.submit')}
      </Button>
      <p className="text-xs text-muted-foreground" role="status" data-testid="story-plan-status">
        {busy ? t('idea.planningHint') : t('idea.free')}
      </p>
    </div>
  );
}
