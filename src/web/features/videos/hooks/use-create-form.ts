import { useMemo, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { VideoAvailability } from '#shared/video-directing';
import {
  type CreateFormContext,
  type CreateFormFields,
  type CreateFormOutput,
  createFormResolver,
  valuesFromSearch,
} from '../lib/create-form';

export type CreateForm = UseFormReturn<CreateFormFields, CreateFormContext, CreateFormOutput>;

/**
 * The create form's react-hook-form, checked by the shared form schema for the chosen mode's model (ADR 0023) and
 * prefilled from `?prompt=&quality=&aspectRatio=`. `context` carries the first frame refused by its bytes (not kept),
 * which still blocks a submit.
 */
export function useCreateForm(
  params: URLSearchParams,
  offers: VideoAvailability['directing'] | undefined,
): { form: CreateForm; context: CreateFormContext } {
  const { t } = useTranslation('videos');
  const [context] = useState<CreateFormContext>(() => ({}));
  const [initialValues] = useState<CreateFormFields>(() => ({
    ...valuesFromSearch(params),
    firstFrame: null,
    lastFrame: null,
    referenceImages: [],
  }));
  const resolver = useMemo(() => createFormResolver(offers, t), [offers, t]);
  const form = useForm<CreateFormFields, CreateFormContext, CreateFormOutput>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
    context,
    shouldFocusError: false, // focusFirstInvalid: the first invalid control in the page's order, images included
  });
  return { form, context };
}
