import { VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROMPT_MIN_LENGTH } from '#shared/catalogue';
import { hasSensitiveTerms, PROMPT_MAX_LENGTH } from '#shared/video-request';
import { FieldError, FieldHint, Label, Textarea } from '#web/components/ui/input';
import { type CreateFieldProps, useCreateField } from './create-field';
import { Notice } from './notice';

/** The create form's prompt: counter, inline error, and a warning when its words may get the audio muted. */
export function PromptField({ control, disabled, onChange }: CreateFieldProps) {
  const { t } = useTranslation('videos');
  const { field, error, id, hintId, errorId } = useCreateField(control, 'prompt');
  const sensitive = hasSensitiveTerms(field.value);
  const sensitiveId = sensitive ? `${id}-sensitive` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('create.prompt.label')}</Label>
      <Textarea
        ref={field.ref}
        id={id}
        name={field.name}
        rows={5}
        maxLength={PROMPT_MAX_LENGTH}
        placeholder={t('create.prompt.placeholder')}
        value={field.value}
        disabled={disabled}
        onChange={(event) => {
          field.onChange(event.currentTarget.value);
          onChange();
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId, sensitiveId].filter(Boolean).join(' ')}
        data-testid="prompt-input"
      />
      <div className="flex items-start justify-between gap-3">
        <FieldHint id={hintId}>{t('create.prompt.hint', { min: PROMPT_MIN_LENGTH })}</FieldHint>
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {t('create.prompt.counter', { count: field.value.length, max: PROMPT_MAX_LENGTH })}
        </span>
      </div>
      <FieldError id={errorId} data-testid="prompt-error">
        {error}
      </FieldError>
      {sensitive ? (
        <Notice
          id={sensitiveId}
          icon={VolumeX}
          title={t('create.sensitiveWarning.title')}
          testId="sensitive-warning"
        >
          {t('create.sensitiveWarning.body')}
        </Notice>
      ) : null}
    </div>
  );
}
