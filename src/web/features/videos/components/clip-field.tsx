import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VIDEO_LENGTH_SECONDS } from '#shared/catalogue';
import { deliveredFrameSize, frameText } from '#shared/delivered-frame';
import { providerAspectRatio } from '#shared/video-models';
import { FieldError } from '#web/components/ui/input';
import type { CreateFieldProps } from './create-field';

/**
 * The clip's length (the mode's model's lengths, 8 s by default) and, in Quality, the 4K master (ADR 0033). The
 * cost summary reads both through `requestCredits`, so the price shown is the price held.
 */
export function ClipField({
  control,
  disabled,
  onChange,
  lengths,
}: CreateFieldProps & { lengths: readonly number[] }) {
  const { t } = useTranslation('videos');
  const length = useController({ control, name: 'clipSeconds' });
  const master = useController({ control, name: 'resolution' });
  const quality = useWatch({ control, name: 'quality' });
  const ratio = useWatch({ control, name: 'aspectRatio' });
  // A 4K master in 1:1 or 4:3 is cropped out of the 16:9 frame: say the size it comes out at (ADR 0033).
  const reframed4k = master.field.value === '4k' && ratio && providerAspectRatio(ratio) !== ratio;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        {t('create.clip.length')}
        <select
          className="rounded-md border bg-background px-2 py-1"
          data-testid="clip-length"
          disabled={disabled}
          value={length.field.value ?? String(VIDEO_LENGTH_SECONDS)}
          onChange={(event) => {
            length.field.onChange(event.target.value);
            onChange();
          }}
        >
          {lengths.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {t('create.clip.seconds', { seconds })}
            </option>
          ))}
        </select>
      </label>
      <FieldError>{length.fieldState.error?.message}</FieldError>
      {quality === 'quality' && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="clip-4k"
            disabled={disabled}
            checked={master.field.value === '4k'}
            onChange={(event) => {
              master.field.onChange(event.target.checked ? '4k' : undefined);
              onChange();
            }}
          />
          {t('create.clip.master4k')}
        </label>
      )}
      {quality === 'quality' && reframed4k ? (
        <p className="text-sm text-muted-foreground" data-testid="clip-4k-reframed" aria-live="polite">
          {t('create.clip.reframed4k', { ratio, size: frameText(deliveredFrameSize('4k', ratio)) })}
        </p>
      ) : null}
      <FieldError>{master.fieldState.error?.message}</FieldError>
    </div>
  );
}
