import { useWatch } from 'react-hook-form';
import { PROMPT_MIN_LENGTH, type VideoQuality } from '#shared/catalogue';
import type { DirectingCapabilities } from '#shared/video-directing';
import { Card, CardContent } from '#web/components/ui/card';
import { CastPicker } from '#web/features/cast';
import type { DraftExtras } from '../hooks/use-create-draft';
import type { CreateForm } from '../hooks/use-create-form';
import { AspectRatioField } from './aspect-ratio-field';
import { ClipField } from './clip-field';
import { CreateImageFields } from './create-image-fields';
import { PromptField } from './prompt-field';
import { QualityField } from './quality-field';
import { SeedField } from './seed-field';
import { StructuredPromptPreview } from './structured-prompt-preview';
import { VariationsField } from './variations-field';

/**
 * The create form's fields in the page's order (spec §2, §4, §5): the prompt and its structured version, the mode,
 * the length and 4K master, the ratio, the seed, the images, the cast and the variations. Every change the user
 * makes is told to `onChange` (a new submission attempt).
 */
export function CreateFieldsCard({
  form,
  extras,
  cast,
  directing,
  unavailable,
  costEach,
  images,
  disabled,
  onChange,
}: {
  form: CreateForm;
  extras: DraftExtras;
  cast: { ids: string[]; missing: boolean; uploadedReferences: number };
  directing: DirectingCapabilities;
  unavailable: (mode: VideoQuality) => boolean;
  costEach: number;
  images: {
    from: string | null;
    checking: boolean;
    onChecking: (checking: boolean) => void;
    onRefused: (message: string | undefined) => void;
  };
  disabled: boolean;
  onChange: () => void;
}) {
  const promptText = useWatch({ control: form.control, name: 'prompt' });
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onChange();
    };
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-5 sm:pt-6">
        <PromptField control={form.control} disabled={disabled} onChange={onChange} />
        <StructuredPromptPreview
          text={promptText}
          textValid={promptText.trim().length >= PROMPT_MIN_LENGTH}
          value={extras.structured}
          disabled={disabled}
          onChange={edited(extras.setStructured)}
        />
        <QualityField
          control={form.control}
          disabled={disabled}
          unavailable={unavailable}
          onChange={onChange}
        />
        <ClipField
          control={form.control}
          disabled={disabled}
          onChange={onChange}
          lengths={directing.clipSecondsChoices}
        />
        <AspectRatioField
          control={form.control}
          disabled={disabled}
          onChange={onChange}
          onUseFast={() => {
            form.setValue('quality', 'fast', { shouldValidate: form.formState.isSubmitted });
            onChange();
          }}
        />
        <SeedField control={form.control} disabled={disabled} onChange={onChange} />
        <CreateImageFields
          form={form}
          from={images.from}
          directing={directing}
          disabled={disabled}
          checking={images.checking}
          onChecking={images.onChecking}
          onImageRefused={images.onRefused}
          onChange={onChange}
        />
        <CastPicker
          value={cast.ids}
          onChange={edited(extras.setCastIds)}
          referenceImagesMax={directing.referenceImagesMax}
          uploadedReferences={cast.uploadedReferences}
          disabled={disabled}
          missing={cast.missing}
        />
        <VariationsField
          value={extras.variations}
          onChange={edited(extras.setVariations)}
          costEach={costEach}
          disabled={disabled}
        />
      </CardContent>
    </Card>
  );
}
