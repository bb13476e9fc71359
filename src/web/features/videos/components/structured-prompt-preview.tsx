import { Braces, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { FieldError, FieldHint } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api';
import { usePromptPreview } from '../api/prompt-preview';
import type { StructuredPromptState } from '../lib/structured-prompt';
import { StructuredPromptEditor } from './structured-prompt-editor';

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
        <StructuredPromptEditor id={id} text={text} value={value} disabled={disabled} onChange={onChange} />
      ) : null}
    </section>
  );
}
