import { useFormState, useWatch } from 'react-hook-form';
import type { DirectingCapabilities } from '#shared/video-directing';
import type { CreateForm } from '../hooks/use-create-form';
import { useImageChoices } from '../hooks/use-image-choices';
import { DirectingFields } from './directing-fields';
import { FirstFrameField } from './first-frame-field';

/**
 * The create form's images: the first frame and the advanced section's last frame and
 * reference images. Each file is checked by its bytes when chosen and kept only if it passes; the mode's rules are
 * checked on the whole set. `from` carries a duplicated request's images over.
 */
export function CreateImageFields({
  form,
  from,
  directing,
  disabled,
  checking,
  onChecking,
  onImageRefused,
  onChange,
}: {
  form: CreateForm;
  from: string | null;
  directing: DirectingCapabilities;
  disabled: boolean;
  checking: boolean;
  onChecking: (checking: boolean) => void;
  /** The first frame's refusal, which blocks a submit until another choice (the file is not kept). */
  onImageRefused: (message: string | undefined) => void;
  onChange: () => void;
}) {
  const { control } = form;
  const [firstFrame, lastFrame, referenceImages] = useWatch({
    control,
    name: ['firstFrame', 'lastFrame', 'referenceImages'],
  });
  const { errors } = useFormState({ control, name: ['firstFrame', 'lastFrame', 'referenceImages'] });
  const choices = useImageChoices(form, from, directing, { onChecking, onImageRefused, onChange });

  return (
    <>
      <FirstFrameField
        file={firstFrame}
        error={errors.firstFrame?.message}
        checking={checking}
        disabled={disabled}
        onSelect={(file) => void choices.selectFirstFrame(file)}
        onRemove={choices.removeFirstFrame}
      />
      <DirectingFields
        hasFirstFrame={firstFrame !== null}
        offer={directing}
        lastFrame={lastFrame}
        referenceImages={referenceImages}
        errors={{ lastFrame: errors.lastFrame?.message, referenceImages: errors.referenceImages?.message }}
        disabled={disabled}
        onLastFrame={(file) => void choices.selectDirecting({ lastFrame: file })}
        onReferenceImages={(files) => void choices.selectDirecting({ referenceImages: files })}
      />
    </>
  );
}
