import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERENCE_IMAGE_TYPES } from '#shared/catalogue';
import {
  type DirectingCapabilities,
  LAST_FRAME_UNSUPPORTED,
  MAX_REFERENCE_IMAGES,
  REFERENCE_IMAGES_UNSUPPORTED,
} from '#shared/video-directing';
import { Button, buttonClassName } from '#web/components/ui/button';
import { FieldError, FieldHint } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';

function Thumbnail({
  file,
  alt,
  onRemove,
  removeLabel,
  disabled,
  testId,
}: {
  file: File;
  alt: string;
  onRemove: () => void;
  removeLabel: string;
  disabled?: boolean;
  testId: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="flex flex-col items-start gap-1" data-testid={testId}>
      {url ? (
        <img src={url} alt={alt} className="size-24 rounded-lg border border-border object-cover" />
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled}
        onClick={onRemove}
        aria-label={`${removeLabel}: ${file.name}`}
      >
        <Trash2 aria-hidden="true" />
        {removeLabel}
      </Button>
    </li>
  );
}

function PickButton({
  id,
  label,
  multiple,
  disabled,
  describedBy,
  invalid,
  onFiles,
  testId,
}: {
  id: string;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy: string;
  invalid: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        buttonClassName({ variant: 'outline' }),
        'w-fit has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        disabled && 'pointer-events-none opacity-50',
      )}
    >
      <ImagePlus aria-hidden="true" />
      {label}
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={REFERENCE_IMAGE_TYPES.join(',')}
        className="sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
        data-testid={testId}
      />
    </label>
  );
}

/**
 * The create page's advanced section (src/shared/video-directing.ts): the reference image above is the first
 * frame; here an optional last frame (only with a first frame) and up to three reference images of a character,
 * object or style, each checked by its bytes like the first frame, shown as thumbnails.
 */
export function DirectingFields({
  hasFirstFrame,
  offer,
  lastFrame,
  referenceImages,
  errors,
  disabled,
  onLastFrame,
  onReferenceImages,
}: {
  hasFirstFrame: boolean;
  /** What the chosen mode's model accepts. */
  offer: Pick<DirectingCapabilities, 'lastFrame' | 'referenceImagesMax'>;
  lastFrame: File | null;
  referenceImages: File[];
  errors: { lastFrame?: string | undefined; referenceImages?: string | undefined };
  disabled?: boolean;
  onLastFrame: (file: File | null) => void;
  onReferenceImages: (files: File[]) => void;
}) {
  const { t } = useTranslation('videos');
  const id = useId();
  const maxReferences = Math.min(MAX_REFERENCE_IMAGES, offer.referenceImagesMax);
  const full = referenceImages.length >= maxReferences;
  return (
    <details
      className="group rounded-lg border border-border p-4"
      open={Boolean(lastFrame) || referenceImages.length > 0 || undefined}
      data-testid="directing"
    >
      <summary className="cursor-pointer text-sm font-semibold">{t('create.directing.title')}</summary>
      <div className="mt-4 flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">{t('create.directing.firstFrame')}</p>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium" id={`${id}-last-label`}>
            {t('create.directing.lastFrame.label')}
          </span>
          {lastFrame ? (
            <ul>
              <Thumbnail
                file={lastFrame}
                alt={t('create.directing.lastFrame.alt')}
                removeLabel={t('create.image.remove')}
                disabled={disabled}
                onRemove={() => onLastFrame(null)}
                testId="last-frame-preview"
              />
            </ul>
          ) : (
            <PickButton
              id={`${id}-last`}
              label={t('create.image.choose')}
              disabled={disabled || !hasFirstFrame || !offer.lastFrame}
              describedBy={`${id}-last-hint ${id}-last-error`}
              invalid={Boolean(errors.lastFrame)}
              onFiles={(files) => onLastFrame(files[0] ?? null)}
              testId="last-frame-input"
            />
          )}
          <FieldHint id={`${id}-last-hint`}>
            {!offer.lastFrame
              ? LAST_FRAME_UNSUPPORTED
              : hasFirstFrame
                ? t('create.directing.lastFrame.hint')
                : t('create.directing.lastFrame.needsFirst')}
          </FieldHint>
          <FieldError id={`${id}-last-error`} data-testid="last-frame-error">
            {errors.lastFrame}
          </FieldError>
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">
            {t('create.directing.references.label', { max: MAX_REFERENCE_IMAGES })}
          </span>
          {referenceImages.length > 0 ? (
            <ul className="flex flex-wrap gap-3" data-testid="reference-images-preview">
              {referenceImages.map((file, index) => (
                <Thumbnail
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  file={file}
                  alt={t('create.directing.references.alt', { number: index + 1 })}
                  removeLabel={t('create.image.remove')}
                  disabled={disabled}
                  onRemove={() => onReferenceImages(referenceImages.filter((_, other) => other !== index))}
                  testId="reference-images-item"
                />
              ))}
            </ul>
          ) : null}
          {full && maxReferences > 0 ? null : (
            <PickButton
              id={`${id}-refs`}
              label={t('create.directing.references.add')}
              multiple
              disabled={disabled || maxReferences === 0}
              describedBy={`${id}-refs-hint ${id}-refs-error`}
              invalid={Boolean(errors.referenceImages)}
              onFiles={(files) => onReferenceImages([...referenceImages, ...files])}
              testId="reference-images-input"
            />
          )}
          <FieldHint id={`${id}-refs-hint`}>
            {maxReferences === 0 ? REFERENCE_IMAGES_UNSUPPORTED : t('create.directing.references.hint')}
          </FieldHint>
          <FieldError id={`${id}-refs-error`} data-testid="reference-images-error">
            {errors.referenceImages}
          </FieldError>
        </div>
      </div>
    </details>
  );
}
