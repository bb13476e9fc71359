import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  type EditedStructuredPrompt,
  STRUCTURED_FIELD_MAX_LENGTH,
  STRUCTURED_PROMPT_FIELDS,
  videoModelPromptText,
} from '#shared/prompt-preview';
import { FieldError, FieldHint, Label, Textarea } from '#web/components/ui/input';
import type { StructuredPromptState } from '../lib/structured-prompt';
import { Notice } from './notice';

/**
 * The structured prompt's fields, edited as a suggestion: the text model's note, a word when the text changed since,
 * each field (all but the negative one required) and below them the very text the video model will receive.
 * `id` is the preview section's, which the fields' ids extend.
 */
export function StructuredPromptEditor({
  id,
  text,
  value,
  disabled,
  onChange,
}: {
  id: string;
  text: string;
  value: StructuredPromptState;
  disabled: boolean;
  onChange: (value: StructuredPromptState) => void;
}) {
  const { t } = useTranslation('videos');
  const setField = (field: keyof EditedStructuredPrompt, fieldValue: string) => {
    onChange({ ...value, prompt: { ...value.prompt, [field]: fieldValue } });
  };
  return (
    <div className="flex flex-col gap-3 rounded-(--radius-card) border border-border p-3 sm:p-4">
      {value.note ? (
        <Notice
          icon={Info}
          tone="info"
          title={t('create.structured.noteTitle')}
          testId="structured-preview-note"
        >
          {value.note}
        </Notice>
      ) : null}
      {value.fromText !== text.trim() ? (
        <Notice icon={Info} title={t('create.structured.staleTitle')} testId="structured-preview-stale">
          {t('create.structured.stale')}
        </Notice>
      ) : null}
      <FieldHint>{t('create.structured.editHint')}</FieldHint>
      <div className="grid gap-3 sm:grid-cols-2">
        {STRUCTURED_PROMPT_FIELDS.map((field) => {
          const fieldId = `${id}-${field}`;
          const empty = field !== 'negative' && value.prompt[field].trim() === '';
          return (
            <div key={field} className="flex flex-col gap-1.5">
              <Label htmlFor={fieldId}>{t(`create.structured.fields.${field}`)}</Label>
              <Textarea
                id={fieldId}
                rows={2}
                maxLength={STRUCTURED_FIELD_MAX_LENGTH}
                value={value.prompt[field]}
                disabled={disabled}
                onChange={(event) => setField(field, event.currentTarget.value)}
                aria-invalid={empty || undefined}
                aria-describedby={empty ? `${fieldId}-error` : undefined}
                data-testid={`structured-field-${field}`}
              />
              {empty ? (
                <FieldError id={`${fieldId}-error`}>{t('create.structured.required')}</FieldError>
              ) : null}
            </div>
          );
        })}
      </div>
      <SentText text={videoModelPromptText(text, value.prompt)} />
    </div>
  );
}

function SentText({ text }: { text: string }) {
  const { t } = useTranslation('videos');
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">{t('create.structured.sentTitle')}</h3>
      <pre
        className="rounded-(--radius-card) bg-muted p-3 text-xs whitespace-pre-wrap break-words"
        data-testid="structured-preview-sent"
      >
        {text}
      </pre>
    </div>
  );
}
