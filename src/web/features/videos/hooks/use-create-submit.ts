import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type EditedStructuredPrompt, editedStructuredPromptSchema } from '#shared/prompt-preview';
import { VARIATION_CHOICES } from '#shared/video-request-form';
import { toast } from '#web/components/ui/toaster';
import { type ApiError, isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { useCreateVideoRequest } from '../api/create-video-request';
import type { CreateVideoRequestPayload } from '../api/video-request-calls';
import {
  type CreateFormFields,
  type CreateFormOutput,
  classifySubmitError,
  type SubmitFailure,
} from '../lib/create-form';
import type { StructuredPromptState } from '../lib/structured-prompt';
import type { CreateForm } from './use-create-form';

/** The fields the server may name in a 400 that the form shows beside their inputs. */
const SHOWN_FIELDS = [
  'prompt',
  'quality',
  'aspectRatio',
  'seed',
  'firstFrame',
  'lastFrame',
  'referenceImages',
] as const satisfies readonly (keyof CreateFormFields)[];
const isShownField = (key: string): key is (typeof SHOWN_FIELDS)[number] =>
  (SHOWN_FIELDS as readonly string[]).includes(key);

/** The form's message for a refusal that is not a field's. */
const FAILURE_MESSAGES = {
  credits: 'create.errors.credits',
  upload: 'create.errors.upload',
  rateLimited: 'create.errors.rateLimited',
  unavailable: 'create.errors.unavailable',
  fields: 'create.errors.submit',
  submit: 'create.errors.submit',
} as const satisfies Record<SubmitFailure, string>;

/** The multipart request of the form's values and what the page keeps beside them (ADR 0027). */
function createPayload(
  values: CreateFormOutput,
  extras: {
    clientKey: string;
    castIds: string[];
    variations: number;
    structuredPrompt: EditedStructuredPrompt | undefined;
  },
): CreateVideoRequestPayload {
  const { firstFrame, lastFrame, ...typed } = values;
  // The typed fields as the form holds them (a field of the form is a field of the request), none absent.
  return {
    ...typed,
    // The length is read as a number; the multipart body carries it as text, as the form schema reads it.
    clipSeconds: typed.clipSeconds === undefined ? undefined : String(typed.clipSeconds),
    clientKey: extras.clientKey,
    firstFrame: firstFrame ?? undefined,
    lastFrame: lastFrame ?? undefined,
    castIds: extras.castIds,
    variations: extras.variations > 1 ? VARIATION_CHOICES[extras.variations - 1] : undefined,
    structuredPrompt: extras.structuredPrompt && JSON.stringify(extras.structuredPrompt),
  };
}

interface SubmitInput {
  form: CreateForm;
  structured: StructuredPromptState | null;
  castIds: string[];
  variations: number;
  /** The balance does not cover the cost: nothing is sent. */
  short: boolean;
  /** An image is being checked by its bytes: a submit waits for it. */
  checking: boolean;
  /** Called once the request exists, before leaving for its confirmation page (the draft is cleared). */
  onCreated: () => Promise<void>;
  /** The server named a cast member gone or a cast that does not fit: the cast is read again. */
  onCastRefused: () => void;
  onUnavailable: () => void;
  onCreditsRefused: () => void;
}

/**
 * The create form's submit: one multipart POST with a `clientKey` made once per submission attempt (reused on a
 * retry of the same values), so a double click or a retry creates one request; `changed` starts a new attempt.
 * A refusal is said beside its field, or in the form's message and a toast.
 */
export function useCreateSubmit(input: SubmitInput) {
  const { t } = useTranslation('videos');
  const navigate = useNavigate();
  const create = useCreateVideoRequest();
  const [formError, setFormError] = useState<string | null>(null);
  const [creditsRefused, setCreditsRefused] = useState(false);
  const clientKey = useRef<string | null>(null);
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = create.isPending || create.isSuccess; // success: navigating away
  const { form } = input;

  /** Any change of what would be sent starts a new submission attempt (a new clientKey on the next submit). */
  const changed = () => {
    clientKey.current = null;
    setFormError(null);
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  /** The server's field messages beside their inputs; the form's own message when one has no input. */
  const showFieldErrors = (fields: ApiError['fields']) => {
    form.clearErrors();
    for (const [field, message] of Object.entries(fields)) {
      if (isShownField(field)) form.setError(field, { type: 'server', message });
    }
    // A message for a field the form does not show (e.g. clientKey) still needs saying.
    if (fields.structuredPrompt) setFormError(fields.structuredPrompt);
    else if (!Object.keys(fields).every(isShownField)) setFormError(t('create.errors.submit'));
    focusFirstInvalid();
  };

  const refused = (error: unknown, values: CreateFormOutput) => {
    const apiError = isApiError(error) ? error : undefined;
    if (apiError?.code === 'cast_does_not_fit' || apiError?.code === 'cast_not_found') {
      // Nothing was held: say why in the server's words and read the cast again.
      clientKey.current = null;
      input.onCastRefused();
      setFormError(apiError.message);
      toast.error(apiError.message);
      return;
    }
    const failure = classifySubmitError(apiError ?? {}, values.firstFrame !== null);
    if (failure !== 'submit' || (apiError && apiError.status >= 400 && apiError.status < 500)) {
      // A definite refusal: nothing was created, so the next submit is a new attempt.
      clientKey.current = null;
    }
    if (failure === 'fields' && apiError) {
      showFieldErrors(apiError.fields);
      return;
    }
    const message = t(FAILURE_MESSAGES[failure]);
    // The mode's model stopped being served since the page loaded: show it as such.
    if (failure === 'unavailable') input.onUnavailable();
    if (failure === 'credits') {
      setCreditsRefused(true);
      input.onCreditsRefused();
    }
    setFormError(message);
    // On a phone the inline message is by the form's end, off screen behind the fixed bar: the toast is seen.
    toast.error(message);
  };

  const send = async (values: CreateFormOutput) => {
    if (input.short) return;
    setFormError(null);
    const { structured, variations } = input;
    const structuredPrompt = structured
      ? editedStructuredPromptSchema.safeParse(structured.prompt)
      : undefined;
    if (structuredPrompt && !structuredPrompt.success) {
      setFormError(t('create.structured.invalid'));
      return;
    }
    clientKey.current ??= newUuid();
    try {
      const request = await create.mutateAsync(
        createPayload(values, {
          clientKey: clientKey.current,
          castIds: input.castIds,
          variations,
          structuredPrompt: structuredPrompt?.data,
        }),
      );
      await input.onCreated();
      navigate(`/dashboard/confirmation?id=${encodeURIComponent(request.id)}`);
    } catch (error) {
      refused(error, values);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current || busy || input.checking) return; // a double click sends once
    submitting.current = true;
    try {
      await form.handleSubmit(send, focusFirstInvalid)(event);
    } finally {
      submitting.current = false;
    }
  };

  return { formRef, onSubmit, changed, busy, formError, creditsRefused };
}
