import { useCallback, useRef } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type DirectingCapabilities, directingProblems, MAX_REFERENCE_IMAGES } from '#shared/video-directing';
import { useCarriedImages } from '../api/carried-images';
import { type CreateFormFields, checkReferenceImage, createFieldErrorText } from '../lib/create-form';
import type { CreateForm } from './use-create-form';

interface ImageChoiceEvents {
  onChecking: (checking: boolean) => void;
  /** The first frame's refusal, which blocks a submit until another choice (the file is not kept). */
  onImageRefused: (message: string | undefined) => void;
  onChange: () => void;
}

/**
 * The images field's choices: each file is checked by its bytes when chosen and kept only if it passes; the mode's
 * rules are checked on the whole set. `from` carries a duplicated request's images over.
 */
export function useImageChoices(
  form: CreateForm,
  from: string | null,
  directing: DirectingCapabilities,
  { onChecking, onImageRefused, onChange }: ImageChoiceEvents,
) {
  const { t } = useTranslation('videos');
  const { setValue, getValues, setError, clearErrors } = form;
  const firstFrameCheck = useRef(0);

  const problemText = async (file: File) => {
    const problem = await checkReferenceImage(file);
    return problem ? createFieldErrorText(t, problem) : undefined;
  };
  const showError = (name: FieldPath<CreateFormFields>, message: string | undefined) => {
    if (message) setError(name, { type: 'refused', message });
    else clearErrors(name);
  };

  useCarriedImages(from, {
    setFirstFrame: useCallback((file: File | null) => setValue('firstFrame', file), [setValue]),
    setLastFrame: useCallback((file: File | null) => setValue('lastFrame', file), [setValue]),
    setReferenceImages: useCallback((files: File[]) => setValue('referenceImages', files), [setValue]),
  });

  const refuseFirstFrame = (message: string | undefined) => {
    onImageRefused(message);
    showError('firstFrame', message);
  };

  const selectFirstFrame = async (file: File | null) => {
    onChange();
    const check = ++firstFrameCheck.current;
    if (!file) {
      setValue('firstFrame', null);
      refuseFirstFrame(undefined);
      return;
    }
    onChecking(true);
    const problem = await problemText(file);
    if (check !== firstFrameCheck.current) return; // a newer choice won
    onChecking(false);
    setValue('firstFrame', problem ? null : file);
    refuseFirstFrame(problem);
  };

  const removeFirstFrame = () => {
    firstFrameCheck.current++;
    onChange();
    onChecking(false);
    setValue('firstFrame', null);
    refuseFirstFrame(undefined);
  };

  /**
   * The advanced section's images: each checked by its bytes, the model's rules checked on the whole set. A refused
   * file in a multi-select is named in the message and the others are kept: one bad file costs only itself.
   */
  const selectDirecting = async (next: { lastFrame?: File | null; referenceImages?: File[] }) => {
    onChange();
    const current = getValues();
    const candidateLast = next.lastFrame === undefined ? current.lastFrame : next.lastFrame;
    const candidates = next.referenceImages ?? current.referenceImages;
    const lastProblem = next.lastFrame ? await problemText(next.lastFrame) : undefined;
    const kept: File[] = [];
    const refused: string[] = [];
    for (const file of candidates) {
      const problem = next.referenceImages ? await problemText(file) : undefined;
      if (problem) refused.push(t('create.errors.namedFile', { name: file.name, problem }));
      else kept.push(file);
    }
    const referenceProblem = refused.length > 0 ? refused.join(' ') : undefined;
    const rules = directingProblems(
      {
        firstFrame: current.firstFrame !== null,
        lastFrame: !lastProblem && candidateLast !== null,
        referenceImages: kept.length,
      },
      directing,
    );
    if (!lastProblem) setValue('lastFrame', candidateLast);
    setValue('referenceImages', kept.slice(0, MAX_REFERENCE_IMAGES));
    showError('lastFrame', lastProblem ?? rules.lastFrame);
    showError('referenceImages', referenceProblem ?? rules.referenceImages);
  };

  return { selectFirstFrame, removeFirstFrame, selectDirecting };
}
