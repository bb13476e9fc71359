import { AlertTriangle } from 'lucide-react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MODE_RESOLUTION,
  VIDEO_COST_CREDITS,
  VIDEO_DURATION_MINUTES,
  VIDEO_QUALITIES,
  type VideoQuality,
} from '#shared/catalogue';
import { FieldError } from '#web/components/ui/input';
import { formatCredits } from '#web/features/credits';
import type { CreateFieldProps } from './create-field';
import { Notice } from './notice';
import { OptionCards } from './option-cards';

/** Fast or Quality as cards with cost and time; a mode whose model is not served now is disabled and said so. */
export function QualityField({
  control,
  disabled,
  unavailable,
  onChange,
}: CreateFieldProps & {
  unavailable: (quality: VideoQuality) => boolean;
}) {
  const { t } = useTranslation('videos');
  const { field, fieldState } = useController({ control, name: 'quality' });
  return (
    <div className="flex flex-col gap-2">
      <OptionCards<VideoQuality>
        name={field.name}
        legend={t('create.quality.legend')}
        value={field.value}
        disabled={disabled}
        onChange={(quality) => {
          field.onChange(quality);
          onChange();
        }}
        testId="quality-options"
        options={VIDEO_QUALITIES.map((quality) => ({
          value: quality,
          testId: `quality-${quality}`,
          title: t(`quality.${quality}`),
          disabled: unavailable(quality),
          aside: unavailable(quality) ? (
            <span
              className="text-sm font-semibold text-destructive"
              data-testid={`quality-${quality}-unavailable`}
            >
              {t('create.quality.unavailable')}
            </span>
          ) : (
            <span className="text-sm font-semibold text-primary tabular-nums">
              {t('create.quality.cost', { credits: formatCredits(VIDEO_COST_CREDITS[quality]) })}
            </span>
          ),
          body: (
            <>
              <span className="block">
                {t(`create.quality.descriptions.${quality}`, { resolution: MODE_RESOLUTION[quality] })}
              </span>
              <span className="block">{t('create.quality.time', VIDEO_DURATION_MINUTES[quality])}</span>
            </>
          ),
        }))}
      />
      {VIDEO_QUALITIES.filter(unavailable).map((quality) => (
        <Notice
          key={quality}
          icon={AlertTriangle}
          tone="destructive"
          title={t('create.quality.unavailable')}
          testId={`quality-unavailable-notice-${quality}`}
        >
          {t('create.quality.unavailableNotice', { mode: t(`quality.${quality}`) })}
        </Notice>
      ))}
      <FieldError>{fieldState.error?.message}</FieldError>
    </div>
  );
}
