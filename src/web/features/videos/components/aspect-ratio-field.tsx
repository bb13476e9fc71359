import { AlertTriangle } from 'lucide-react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ASPECT_RATIOS, type AspectRatio } from '#shared/catalogue';
import { losesPromisedResolution } from '#shared/video-models';
import { Button } from '#web/components/ui/button';
import { FieldError } from '#web/components/ui/input';
import type { CreateFieldProps } from './create-field';
import { Notice } from './notice';
import { OptionCards } from './option-cards';

/** i18n key of a ratio: ':' is i18next's namespace separator, so '16:9' → '16x9'. */
const RATIO_KEY = { '16:9': '16x9', '9:16': '9x16', '1:1': '1x1', '4:3': '4x3' } as const satisfies Record<
  AspectRatio,
  string
>;

/** The frame drawn on the aspect-ratio cards (decorative). */
function RatioIcon({ ratio }: { ratio: AspectRatio }) {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  const scale = 22 / Math.max(w, h);
  return (
    <span aria-hidden="true" className="flex size-6 items-center justify-center">
      <span
        className="block rounded-[3px] border-2 border-current text-muted-foreground"
        style={{ width: `${w * scale}px`, height: `${h * scale}px` }}
      />
    </span>
  );
}

/**
 * The aspect ratio as cards, with a warning (and the way to Fast) when the chosen mode would not deliver this
 * ratio at the resolution it promises.
 */
export function AspectRatioField({
  control,
  disabled,
  onChange,
  onUseFast,
}: CreateFieldProps & {
  onUseFast: () => void;
}) {
  const { t } = useTranslation('videos');
  const { field, fieldState } = useController({ control, name: 'aspectRatio' });
  const quality = useWatch({ control, name: 'quality' });
  return (
    <div className="flex flex-col gap-2">
      <OptionCards<AspectRatio>
        name={field.name}
        legend={t('create.aspect.legend')}
        value={field.value}
        disabled={disabled}
        onChange={(ratio) => {
          field.onChange(ratio);
          onChange();
        }}
        columns="grid-cols-2 lg:grid-cols-4"
        testId="aspect-options"
        options={ASPECT_RATIOS.map((ratio) => ({
          value: ratio,
          testId: `aspect-${ratio.replace(':', 'x')}`,
          title: (
            <span className="flex items-center gap-2">
              <RatioIcon ratio={ratio} />
              {ratio}
            </span>
          ),
          body: t(`create.aspect.names.${RATIO_KEY[ratio]}`),
        }))}
      />
      <FieldError>{fieldState.error?.message}</FieldError>
      {losesPromisedResolution(quality, field.value) ? (
        <Notice
          icon={AlertTriangle}
          title={t('create.qualityRatioWarning.title')}
          testId="quality-ratio-warning"
          action={
            <Button variant="outline" size="sm" onClick={onUseFast}>
              {t('create.qualityRatioWarning.useFast')}
            </Button>
          }
        >
          {t('create.qualityRatioWarning.body', { ratio: field.value })}
        </Notice>
      ) : null}
    </div>
  );
}
