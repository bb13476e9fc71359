import { Braces, Info, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EditedStructuredPrompt,
  STRUCTURED_FIELD_MAX_LENGTH,
  STRUCTURED_PROMPT_FIELDS,
  videoModelPromptText,
} from '#shared/prompt-preview';
import { Button } from '#web/components/ui/button';
import { FieldError, FieldHint, Label, Textarea } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api';
import { usePromptPreview } from '../api/prompt-preview';
import { Notice } from './notice';

export interface StructuredPromptState {
  prompt: EditedStructuredPrompt;
  /** The text it was made from: a later change of the text is pointed out. */
  fromText: string;
  note: string | null;
}

/**
 * 'Ver prompt estruturado': asks the text model for the structured JSON prompt of the text (without one, the
 * server's rules split the user's own words into the fields), shows its fields for editing as a suggestion, and
 * below them the very text the video model will receive (videoModelPromptText, what the submit step sends). Free,
 * limited per hour by the server (its pt-BR message is shown as it comes).
 */
export function StructuredPromptPreview({
  text,
  textValid,
  value,
  disabled,
  onChange,
}: {
  text: string;
  textValid: boolean;
  value: StructuredPromptState | null;
  disabled: boolean;
  onChange: (value: StructuredPromptState | null) => void;
}) {
  const { t } = useTranslation('videos');
  const preview = usePromptPreview();
  const id = useId();
  const load = async () => {
    try {
      const answer = await preview.mutateAsync(text.trim());
      onChange({ prompt: answer.structuredPrompt, fromText: text.trim(), note: answer.note });
    } catch {
      // Shown below from the mutation's error.
    }
  };
  const error = preview.error
    ? isApiError(preview.error) && preview.error.status === 429
      ? preview.error.message
      : t('create.structured.error')
    : null;
  const setField = (field: keyof EditedStructuredPrompt, fieldValue: string) => {
    if (value) onChange({ ...value, prompt: { ...value.prompt, [field]: fieldValue } });
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`} data-testid="structured-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-medium">
          {t('create.structured.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || !textValid || preview.isPending}
            onClick={() => void load()}
            data-testid="structured-preview-open"
          >
            {preview.isPending ? (
              <Spinner size="sm" decorative />
            ) : value ? (
              <RefreshCw aria-hidden="true" />
            ) : (
              <Braces aria-hidden="true" />
            )}
            {preview.isPending
              ? t('create.structured.loading')
              : value
                ? t('create.structured.refresh')
                : t('create.structured.open')}
          </Button>
          {value ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => onChange(null)}
              data-testid="structured-preview-discard"
            >
              {t('create.structured.discard')}
            </Button>
          ) : null}
        </div>
      </div>
      {value ? null : <FieldHint>{t('create.structured.hint')}</FieldHint>}
      {error ? (
        <FieldError role="alert" data-testid="structured-preview-error">
          {error}
        </FieldError>
      ) : null}
      {value ? (
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
      ) : null}
    </section>
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
