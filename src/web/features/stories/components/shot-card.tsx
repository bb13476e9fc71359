import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STORY_LINE_MAX_LENGTH,
  STORY_SHOT_PROMPT_MAX_LENGTH,
  STORY_SPEAKER_MAX_LENGTH,
  type Story,
} from '#shared/stories';
import { Button } from '#web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '#web/components/ui/input';
import { VideoStatusBadge, VideoThumbnail } from '#web/features/videos';
import type { PlanProblems, PlanShot } from '../lib/plan';
import { serverShot } from '../lib/takes';
import { ChoiceChips } from './choice-chips';
import { ShotDetails } from './shot-details';
import { ShotTakes } from './shot-takes';

export type MoveControl = 'up' | 'down';

interface ShotCardProps {
  story: Story;
  shot: PlanShot;
  index: number;
  count: number;
  problems: PlanProblems[string] | undefined;
  onChange: (edit: Partial<PlanShot>) => void;
  onMove: (to: number, control: MoveControl) => void;
  onRemove: () => void;
  onBeforeCharge: () => Promise<void>;
}

/**
 * One shot of the plan: what happens, its line (who says it, the words), its length from the lengths the models
 * take and how it opens; framing, setting and cast folded below; its draft and takes once drafted.
 */
export function ShotCard({
  story,
  shot,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
  onBeforeCharge,
}: ShotCardProps) {
  const { t } = useTranslation('stories');
  const id = useId();
  const number = index + 1;
  return (
    <li
      className="flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-3 shadow-xs"
      data-testid="story-shot"
      data-shot-key={shot.key}
      data-shot-id={shot.id ?? ''}
      aria-labelledby={`${id}-title`}
    >
      <ShotHeader
        titleId={`${id}-title`}
        story={story}
        shot={shot}
        index={index}
        count={count}
        onMove={onMove}
        onRemove={onRemove}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-prompt`}>{t('shot.prompt')}</Label>
        <Textarea
          id={`${id}-prompt`}
          rows={2}
          className="min-h-16!"
          maxLength={STORY_SHOT_PROMPT_MAX_LENGTH}
          value={shot.prompt}
          onChange={(event) => onChange({ prompt: event.currentTarget.value })}
          aria-invalid={problems?.prompt ? true : undefined}
          data-testid="shot-prompt"
        />
        <FieldError>{problems?.prompt}</FieldError>
      </div>
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,5fr)] gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-speaker`}>{t('shot.speaker')}</Label>
          <Input
            id={`${id}-speaker`}
            maxLength={STORY_SPEAKER_MAX_LENGTH}
            value={shot.speaker}
            onChange={(event) => onChange({ speaker: event.currentTarget.value })}
            aria-invalid={problems?.speaker ? true : undefined}
            data-testid="shot-speaker"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-line`}>{t('shot.line')}</Label>
          <Input
            id={`${id}-line`}
            maxLength={STORY_LINE_MAX_LENGTH}
            placeholder={t('shot.linePlaceholder')}
            value={shot.line}
            onChange={(event) => onChange({ line: event.currentTarget.value })}
            aria-invalid={problems?.line ? true : undefined}
            data-testid="shot-line"
          />
        </div>
      </div>
      <FieldError>{problems?.speaker ?? problems?.line}</FieldError>
      <ShotTiming idBase={id} story={story} shot={shot} first={index === 0} onChange={onChange} />
      <ShotDetails story={story} shot={shot} onChange={onChange} />
      <ShotTakes
        story={story}
        shot={shot}
        number={number}
        onChange={onChange}
        onBeforeCharge={onBeforeCharge}
      />
    </li>
  );
}

function ShotHeader({
  titleId,
  story,
  shot,
  index,
  count,
  onMove,
  onRemove,
}: Pick<ShotCardProps, 'story' | 'shot' | 'index' | 'count' | 'onMove' | 'onRemove'> & { titleId: string }) {
  const { t } = useTranslation('stories');
  const number = index + 1;
  const request = serverShot(story, shot)?.request ?? null;
  return (
    <div className="flex items-center gap-2">
      {request ? (
        <VideoThumbnail url={request.thumbnailUrl} ratio={story.aspectRatio} className="w-10" />
      ) : null}
      <h3 id={titleId} className="font-semibold">
        {t('shot.title', { number })}
      </h3>
      {request ? <VideoStatusBadge status={request.status} /> : null}
      <div className="ml-auto flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shot.up', { number })}
          data-control="up"
          disabled={index === 0}
          onClick={() => onMove(index - 1, 'up')}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shot.down', { number })}
          data-control="down"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1, 'down')}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shot.remove', { number })}
          disabled={count <= 1}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The shot's length (the lengths the models take) and, after the first, how it opens. */
function ShotTiming({
  idBase,
  story,
  shot,
  first,
  onChange,
}: Pick<ShotCardProps, 'story' | 'shot' | 'onChange'> & { idBase: string; first: boolean }) {
  const { t } = useTranslation('stories');
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idBase}-seconds`}>{t('shot.seconds')}</Label>
        <select
          id={`${idBase}-seconds`}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm"
          value={shot.seconds}
          onChange={(event) => onChange({ seconds: Number(event.currentTarget.value) })}
          data-testid="shot-seconds"
        >
          {lengthChoices(story, shot.seconds).map((seconds) => (
            <option key={seconds} value={seconds}>
              {t('shot.secondsOption', { value: seconds })}
            </option>
          ))}
        </select>
      </div>
      {first ? null : (
        <ChoiceChips
          legend={t('shot.join')}
          name={`${idBase}-join`}
          options={[
            { value: 'cut', label: t('shot.joins.cut') },
            { value: 'continue', label: t('shot.joins.continue') },
          ]}
          value={shot.join}
          onChange={(join) => onChange({ join })}
        />
      )}
    </div>
  );
}

/** The lengths the modes' models take, and the shot's own if the plan holds another (so the select shows it). */
function lengthChoices(story: Story, current: number): number[] {
  const choices = story.model.clipSecondsChoices;
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}
