import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { castFitProblem } from '#shared/cast';
import {
  PROMPT_MIN_LENGTH,
  requestCredits,
  VIDEO_LENGTH_SECONDS,
  VIDEO_QUALITIES,
  type VideoQuality,
} from '#shared/catalogue';
import { editedStructuredPromptSchema } from '#shared/prompt-preview';
import { offeredDirecting } from '#shared/video-directing';
import { VARIATION_CHOICES } from '#shared/video-request-form';
import { Card, CardContent } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import { CastPicker, castImageCount, useCast } from '#web/features/cast';
import { useCredits } from '#web/features/credits';
import { isApiError } from '#web/lib/api';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { newUuid } from '#web/lib/uuid';
import { useVideoAvailability } from '../api/availability';
import { useCreateVideoRequest } from '../api/create-video-request';
import { useQueueEstimate } from '../api/queue-estimate';
import { AspectRatioField } from '../components/aspect-ratio-field';
import { BuyCreditsSheet } from '../components/buy-credits-sheet';
import { ClipField } from '../components/clip-field';
import { CreateImageFields } from '../components/create-image-fields';
import { CreateSubmitPanel } from '../components/create-submit-panel';
import { PromptField } from '../components/prompt-field';
import { QualityField } from '../components/quality-field';
import { SeedField } from '../components/seed-field';
import { ShortfallNotice } from '../components/shortfall-notice';
import { StructuredPromptPreview, type StructuredPromptState } from '../components/structured-prompt-preview';
import { VariationsField } from '../components/variations-field';
import { useCreateDraft } from '../hooks/use-create-draft';
import {
  type CreateFormContext,
  type CreateFormFields,
  type CreateFormOutput,
  classifySubmitError,
  createFormResolver,
  valuesFromSearch,
} from '../lib/create-form';

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

/**
 * /dashboard/create (spec §2, §4, §5, §8): prompt, quality, aspect ratio, seed, first frame and cost summary;
 * prefilled from `?prompt=&quality=&aspectRatio=`. Submit is one multipart POST with a `clientKey` made once per
 * submission attempt (reused on a retry of the same values), so a double click or a retry creates one request.
 * The draft survives reloads, sign-ins and purchases (ADR 0027); credits are bought in a sheet without leaving.
 */
export default function CreatePage() {
  const { t } = useTranslation('videos');
  useDocumentTitle(t('create.documentTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const credits = useCredits();
  const create = useCreateVideoRequest();
  const availability = useVideoAvailability();
  const modes = availability.data?.modes;
  const unavailable = (quality: VideoQuality) => modes?.[quality] === false;

  const [context] = useState<CreateFormContext>(() => ({}));
  const [checkingImage, setCheckingImage] = useState(false);
  const [creditsRefused, setCreditsRefused] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [structured, setStructured] = useState<StructuredPromptState | null>(null);
  const clientKey = useRef<string | null>(null);
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const [initialValues] = useState<CreateFormFields>(() => ({
    ...valuesFromSearch(params),
    firstFrame: null,
    lastFrame: null,
    referenceImages: [],
  }));
  const offers = availability.data?.directing;
  const resolver = useMemo(() => createFormResolver(offers, t), [offers, t]);
  const form = useForm<CreateFormFields, CreateFormContext, CreateFormOutput>({
    defaultValues: initialValues,
    resolver,
    mode: 'onTouched',
    context,
    shouldFocusError: false, // focusFirstInvalid: the first invalid control in the page's order, images included
  });
  const quality = useWatch({ control: form.control, name: 'quality' });
  const uploadedReferences = useWatch({ control: form.control, name: 'referenceImages' }).length;
  const promptText = useWatch({ control: form.control, name: 'prompt' });
  const queueEstimate = useQueueEstimate();
  // What the chosen mode's model accepts (the server's catalogue); the rest is shown disabled with the reason.
  const directing = offeredDirecting(offers?.[quality]);

  // The chosen mode became unavailable and the other one is served: offer that one instead.
  useEffect(() => {
    if (!modes || modes[quality]) return;
    const other = VIDEO_QUALITIES.find((mode) => modes[mode]);
    if (other) form.setValue('quality', other);
  }, [modes, quality, form]);

  // Elenco and variations: 'Duplicar Solicitação' carries the cast over (`?cast=`), minus members deleted since.
  const cast = useCast();
  const [castIds, setCastIds] = useState<string[]>(() => params.getAll('cast'));
  const [variations, setVariations] = useState(1);
  const [buying, setBuying] = useState(false);
  const prefilled = ['prompt', 'quality', 'aspectRatio', 'from', 'cast'].some((key) => params.has(key));
  const draft = useCreateDraft(form, prefilled, {
    castIds,
    setCastIds,
    variations,
    setVariations,
    structured,
    setStructured,
  });
  const knownCastIds = cast.data
    ? castIds.filter((castId) => cast.data.some((m) => m.id === castId))
    : castIds;
  const castProblem = castFitProblem(
    castImageCount(cast.data ?? [], knownCastIds),
    uploadedReferences,
    directing.referenceImagesMax,
  );

  const balance = credits.data?.balance;
  const clip = useWatch({ control: form.control, name: ['durationSeconds', 'resolution'] });
  const costEach = requestCredits({
    quality,
    lengthSeconds: clip[0] ? Number(clip[0]) : undefined,
    resolution: quality === 'quality' ? clip[1] : undefined,
  });
  const cost = costEach * variations;
  const short = balance !== undefined && balance < cost;
  const arrived = useCreditsArrived(short, () => setBuying(false));
  const busy = create.isPending || create.isSuccess; // success: navigating away

  /** Any change of what would be sent starts a new submission attempt (a new clientKey on the next submit). */
  const changed = () => {
    clientKey.current = null;
    setFormError(null);
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  const send = async (values: CreateFormOutput) => {
    if (short) return;
    setFormError(null);
    const structuredPrompt = structured
      ? editedStructuredPromptSchema.safeParse(structured.prompt)
      : undefined;
    if (structuredPrompt && !structuredPrompt.success) {
      setFormError(t('create.structured.invalid'));
      return;
    }
    clientKey.current ??= newUuid();
    try {
      const { firstFrame, lastFrame, ...typed } = values;
      // The typed fields as the form holds them (a field of the form is a field of the request), none absent.
      const request = await create.mutateAsync({
        ...typed,
        // The length is read as a number; the multipart body carries it as text, as the form schema reads it.
        durationSeconds: typed.durationSeconds === undefined ? undefined : String(typed.durationSeconds),
        clientKey: clientKey.current,
        firstFrame: firstFrame ?? undefined,
        lastFrame: lastFrame ?? undefined,
        castIds: knownCastIds,
        variations: variations > 1 ? VARIATION_CHOICES[variations - 1] : undefined,
        structuredPrompt: structuredPrompt && JSON.stringify(structuredPrompt.data),
      });
      await draft.discard();
      navigate(`/dashboard/confirmation?id=${encodeURIComponent(request.id)}`);
    } catch (error) {
      const apiError = isApiError(error) ? error : undefined;
      if (apiError?.code === 'cast_does_not_fit' || apiError?.code === 'cast_not_found') {
        // Nothing was held: say why in the server's words and read the cast again.
        clientKey.current = null;
        void cast.refetch();
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
        form.clearErrors();
        for (const [field, message] of Object.entries(apiError.fields)) {
          if (isShownField(field)) form.setError(field, { type: 'server', message });
        }
        // A message for a field the form does not show (e.g. clientKey) still needs saying.
        if (apiError.fields.structuredPrompt) setFormError(apiError.fields.structuredPrompt);
        else if (!Object.keys(apiError.fields).every(isShownField)) setFormError(t('create.errors.submit'));
        focusFirstInvalid();
        return;
      }
      const message =
        failure === 'credits'
          ? t('create.errors.credits')
          : failure === 'upload'
            ? t('create.errors.upload')
            : failure === 'rateLimited'
              ? t('create.errors.rateLimited')
              : failure === 'unavailable'
                ? t('create.errors.unavailable')
                : t('create.errors.submit');
      // The mode's model stopped being served since the page loaded: show it as such.
      if (failure === 'unavailable') void availability.refetch();
      if (failure === 'credits') {
        setCreditsRefused(true);
        setBuying(true);
      }
      setFormError(message);
      // On a phone the inline message is by the form's end, off screen behind the fixed bar: the toast is seen.
      toast.error(message);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current || busy || checkingImage) return; // a double click sends once
    submitting.current = true;
    try {
      await form.handleSubmit(send, focusFirstInvalid)(event);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <div className="container-page flex flex-col gap-6 pt-8 pb-28 sm:pt-10 lg:pb-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('create.title')}</h1>
        <p className="text-muted-foreground">{t('create.subtitle', { seconds: VIDEO_LENGTH_SECONDS })}</p>
      </header>
      {draft.restored ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="draft-restored">
          {t('create.draftRestored')}
        </p>
      ) : null}
      {short ? <ShortfallNotice cost={cost} balance={balance} onBuy={() => setBuying(true)} /> : null}
      {arrived ? (
        <p role="status" className="text-sm font-medium text-success" data-testid="credits-arrived">
          {t('create.summary.arrived')}
        </p>
      ) : null}

      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-busy={busy || undefined}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        data-testid="create-form"
      >
        <Card>
          <CardContent className="flex flex-col gap-6 pt-5 sm:pt-6">
            <PromptField control={form.control} disabled={busy} onChange={changed} />
            <StructuredPromptPreview
              text={promptText}
              textValid={promptText.trim().length >= PROMPT_MIN_LENGTH}
              value={structured}
              disabled={busy}
              onChange={(value) => {
                setStructured(value);
                changed();
              }}
            />
            <QualityField
              control={form.control}
              disabled={busy}
              unavailable={unavailable}
              onChange={changed}
            />
            <ClipField
              control={form.control}
              disabled={busy}
              onChange={changed}
              lengths={directing.lengthsSeconds}
            />
            <AspectRatioField
              control={form.control}
              disabled={busy}
              onChange={changed}
              onUseFast={() => {
                form.setValue('quality', 'fast', { shouldValidate: form.formState.isSubmitted });
                changed();
              }}
            />
            <SeedField control={form.control} disabled={busy} onChange={changed} />
            <CreateImageFields
              form={form}
              from={params.get('from')}
              directing={directing}
              disabled={busy}
              checking={checkingImage}
              onChecking={setCheckingImage}
              onImageRefused={(message) => {
                context.firstFrameRefused = message;
              }}
              onChange={changed}
            />
            <CastPicker
              value={knownCastIds}
              onChange={(ids) => {
                setCastIds(ids);
                changed();
              }}
              referenceImagesMax={directing.referenceImagesMax}
              uploadedReferences={uploadedReferences}
              disabled={busy}
              missing={knownCastIds.length < castIds.length}
            />
            <VariationsField
              value={variations}
              onChange={(count) => {
                setVariations(count);
                changed();
              }}
              costEach={costEach}
              disabled={busy}
            />
          </CardContent>
        </Card>

        <CreateSubmitPanel
          cost={cost}
          balance={balance}
          balanceError={credits.isError}
          showPricing={creditsRefused}
          onBuy={() => setBuying(true)}
          error={formError}
          busy={busy}
          blocked={short || checkingImage || unavailable(quality) || castProblem !== undefined}
          queue={queueEstimate.data?.[quality]}
        />
      </form>
      <BuyCreditsSheet
        open={buying}
        onOpenChange={setBuying}
        missing={balance === undefined ? 0 : Math.max(0, cost - balance)}
      />
    </div>
  );
}

/** The balance went from short to enough while the page was open (a purchase landed): say so, close the sheet. */
function useCreditsArrived(short: boolean, onArrived: () => void): boolean {
  const [wasShort, setWasShort] = useState(short);
  const [arrived, setArrived] = useState(false);
  if (short !== wasShort) {
    setWasShort(short);
    setArrived(wasShort && !short);
    if (wasShort && !short) onArrived();
  }
  return arrived;
}
