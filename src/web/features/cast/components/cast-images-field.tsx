import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_IMAGES_MAX } from '#shared/cast';
import { referenceImageMaxMegabytes } from '#shared/catalogue';
import { Button } from '#web/components/ui/button';
import { FieldError, FieldHint } from '#web/components/ui/input';

/** The preview URL of each chosen file, revoked when the files change or the form goes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/** The member's 1–3 images: previews with a remove button each, and the button that opens the file chooser. */
export function CastImagesField({
  id,
  images,
  error,
  onAdd,
  onRemove,
}: {
  id: string;
  images: File[];
  error: string | undefined;
  onAdd: (files: FileList | null) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('cast');
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = usePreviews(images);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm leading-none font-medium" id={`${id}-label`}>
        {t('form.images')}
      </span>
      <FieldHint id={`${id}-hint`}>{t('form.imagesHint', { mb: referenceImageMaxMegabytes() })}</FieldHint>
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-labelledby={`${id}-label`}>
          {images.map((file, index) => (
            <li key={previews[index]} className="relative" data-testid="cast-image-item">
              <img src={previews[index]} alt={file.name} className="size-20 rounded-md border object-cover" />
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={t('form.removeImage', { name: file.name })}
                className="absolute -top-2 -right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-full border bg-card shadow-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={fileInput}
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-labelledby={`${id}-label`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          onAdd(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
        data-testid="cast-images-input"
      />
      <Button
        variant="outline"
        className="w-fit"
        disabled={images.length >= CAST_IMAGES_MAX}
        onClick={() => fileInput.current?.click()}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      >
        <ImagePlus aria-hidden="true" />
        {t('form.chooseImages')}
      </Button>
      <FieldError id={`${id}-error`} data-testid="cast-images-error">
        {error}
      </FieldError>
    </div>
  );
}
