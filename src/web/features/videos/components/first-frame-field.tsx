import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REFERENCE_IMAGE_TYPES,
  referenceImageFormatLabels,
  referenceImageMaxMegabytes,
} from '#shared/catalogue';
import { Button, buttonClassName } from '#web/components/ui/button';
import { FieldError, FieldHint } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';

function formatSize(bytes: number, language: string): string {
  const format = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024 * 1024) return `${format(bytes / 1024)} KB`;
  return `${format(bytes / (1024 * 1024))} MB`;
}

/**
 * The optional first frame: a file input (JPEG/PNG/WebP), checked by the caller from its first bytes, a preview
 * and a remove button. The input itself stays the focus target (keyboard: Tab, Enter/Space opens the picker).
 */
export function FirstFrameField({
  file,
  error,
  checking,
  disabled,
  onSelect,
  onRemove,
}: {
  file: File | null;
  error?: string | undefined;
  checking: boolean;
  disabled?: boolean;
  onSelect: (file: File | null) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('videos');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // An invalid or removed choice clears the native input, so picking the same file again fires `change`.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  return (
    <div className="flex flex-col gap-2" data-testid="first-frame">
      <span className="text-sm leading-none font-medium" id={`${id}-label`}>
        {t('create.image.label')}
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {file && preview ? (
          <img
            src={preview}
            alt={t('create.image.previewAlt')}
            className="aspect-video w-full max-w-xs rounded-lg border border-border bg-muted object-contain sm:w-48"
            data-testid="first-frame-preview"
          />
        ) : null}
        <div className="flex flex-col gap-2">
          <label
            htmlFor={id}
            className={cn(
              buttonClassName({ variant: 'outline' }),
              'w-fit has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              disabled && 'pointer-events-none opacity-50',
            )}
          >
            <ImagePlus aria-hidden="true" />
            {file ? t('create.image.change') : t('create.image.choose')}
            <input
              ref={inputRef}
              id={id}
              type="file"
              name="firstFrame"
              accept={REFERENCE_IMAGE_TYPES.join(',')}
              className="sr-only"
              disabled={disabled}
              aria-labelledby={`${id}-label`}
              aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onSelect(event.currentTarget.files?.[0] ?? null)}
              data-testid="first-frame-input"
            />
          </label>
          {file ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="max-w-56 truncate font-medium" title={file.name}>
                {file.name}
              </span>
              <span className="text-muted-foreground">{formatSize(file.size, i18n.language)}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  onRemove();
                  inputRef.current?.focus();
                }}
                data-testid="first-frame-remove"
              >
                <Trash2 aria-hidden="true" />
                {t('create.image.remove')}
              </Button>
            </div>
          ) : null}
          {checking ? (
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner size="sm" decorative />
              {t('create.image.checking')}
            </span>
          ) : null}
        </div>
      </div>
      <FieldHint id={hintId}>
        {t('create.image.hint', {
          formats: referenceImageFormatLabels().join(', '),
          max: referenceImageMaxMegabytes(),
        })}
      </FieldHint>
      <FieldError id={errorId} data-testid="first-frame-error">
        {error}
      </FieldError>
    </div>
  );
}
