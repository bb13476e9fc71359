import { AlertTriangle, Sparkles, VolumeX } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  PROMPT_MIN_LENGTH,
  referenceImageMaxMegabytes,
  SEED_MAX,
  SEED_MIN,
  VIDEO_COST_CREDITS,
  VIDEO_DURATION_MINUTES,
  VIDEO_LENGTH_SECONDS,
  VIDEO_QUALITIES,
  VIDEO_RESOLUTION,
  type VideoQuality,
} from '../../../../shared/catalogue';
import {
  directingProblems,
  MAX_REFERENCE_IMAGES,
  offeredDirecting,
} from '../../../../shared/video-directing';
import { losesPromisedResolution } from '../../../../shared/video-models';
import { hasSensitiveTerms, PROMPT_MAX_LENGTH } from '../../../../shared/video-request';
import { useDocumentTitle } from '../../../app/use-document-title';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FieldError, FieldHint, Input, Label, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { newUuid } from '../../../lib/uuid';
import { formatCredits, useCredits } from '../../credits';
import { useVideoAvailability } from '../api/availability';
import { useCarriedImages } from '../api/carried-images';
import { useCreateVideoRequest } from '../api/create-video-request';
import { VideoApiError } from '../api/requests';
import { CostSummary } from '../components/cost-summary';
import { DirectingFields } from '../components/directing-fields';
import { Notice } from '../components/notice';
import { OptionCards } from '../components/option-cards';
import { ReferenceImageField } from '../components/reference-image-field';
import {
  type CreateFieldError,
  type CreateFormValues,
  checkReferenceImage,
  classifySubmitError,
  sanitiseSeed,
  validateCreateForm,
  valuesFromSearch,
} from '../lib/create-form';

type FieldErrors = Partial<
  Record<keyof CreateFormValues | 'image' | 'lastFrame' | 'referenceImages', string>
>;
const SHOWN_FIELDS: readonly string[] = [
  'prompt',
  'quality',
  'aspectRatio',
  'seed',
  'image',
  'lastFrame',
  'referenceImages',
];

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
 * /dashboard/create (spec §2, §4, §5, §8): prompt, quality, aspect ratio, seed, reference image and cost summary;
 * prefilled from `?prompt=&quality=&aspectRatio=`. Submit is one multipart POST with a `clientKey` made once per
 * submission attempt (reused on a retry of the same values), so a double click or a retry creates one request.
 */
export default function CreatePage() {
  const { t } = useTranslation('videos');
  useDocumentTitle(t('create.documentTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<CreateFormValues>(() => valuesFromSearch(params));
  const [image, setImage] = useState<File | null>(null);
  const [lastFrame, setLastFrame] = useState<File | null>(null);
  const [referenceImages, setReferenceImages] = useState<File[]>([]);
  useCarriedImages(params.get('from'), { setImage, setLastFrame, setReferenceImages });
  const [checkingImage, setCheckingImage] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof CreateFormValues, boolean>>>({});
  const [creditsRefused, setCreditsRefused] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const clientKey = useRef<string | null>(null);
  const submitting = useRef(false);
  const imageCheck = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  const credits = useCredits();
  const create = useCreateVideoRequest();
  const availability = useVideoAvailability();
  const unavailable = (quality: VideoQuality) => availability.data?.modes[quality] === false;
  const modes = availability.data?.modes;

  // The chosen mode became unavailable and the other one is served: offer that one instead.
  useEffect(() => {
    if (!modes || modes[values.quality]) return;
    const other = VIDEO_QUALITIES.find((quality) => modes[quality]);
    if (other) setValues((old) => ({ ...old, quality: other }));
  }, [modes, values.quality]);
  const balance = credits.data?.balance;
  const cost = VIDEO_COST_CREDITS[values.quality];
  // What the chosen mode's model accepts (the server's catalogue); the rest is shown disabled with the reason.
  const directing = offeredDirecting(availability.data?.directing[values.quality]);
  const short = balance !== undefined && balance < cost;
  const busy = create.isPending || create.isSuccess; // success: navigating away

  const errorText = (key: CreateFieldError | undefined): string | undefined => {
    if (!key) return undefined;
    switch (key) {
      case 'promptLong':
        return t('create.errors.promptLong', { max: formatCredits(PROMPT_MAX_LENGTH) });
      case 'seedRange':
        return t('create.errors.seedRange', { min: SEED_MIN, max: SEED_MAX });
      case 'imageTooLarge':
        return t('create.errors.imageTooLarge', { mb: referenceImageMaxMegabytes() });
      default:
        return t(`create.errors.${key}`);
    }
  };

  /** Any change of what would be sent starts a new submission attempt (a new clientKey on the next submit). */
  const update = <K extends keyof CreateFormValues>(field: K, value: CreateFormValues[K]) => {
    clientKey.current = null;
    setFormError(null);
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field] || errors[field]) {
      setErrors((prev) => ({ ...prev, [field]: errorText(validateCreateForm(next)[field]) }));
    }
  };

  const blur = (field: keyof CreateFormValues) => {
    setTouched((old) => ({ ...old, [field]: true }));
    // Validate a field once the user leaves it with something typed (not an empty optional seed).
    if (values[field] === '' && field === 'seed') return;
    setErrors((prev) => ({ ...prev, [field]: errorText(validateCreateForm(values)[field]) }));
  };

  const selectImage = async (file: File | null) => {
    clientKey.current = null;
    setFormError(null);
    const check = ++imageCheck.current;
    if (!file) {
      setImage(null);
      setErrors((prev) => ({ ...prev, image: undefined }));
      return;
    }
    setCheckingImage(true);
    const problem = await checkReferenceImage(file);
    if (check !== imageCheck.current) return; // a newer choice won
    setCheckingImage(false);
    setImage(problem ? null : file);
    setErrors((prev) => ({ ...prev, image: errorText(problem) }));
  };

  /** The advanced section's images: each checked by its bytes, the model's rules checked on the whole set. */
  const selectDirecting = async (next: { lastFrame?: File | null; referenceImages?: File[] }) => {
    clientKey.current = null;
    setFormError(null);
    const candidateLast = next.lastFrame === undefined ? lastFrame : next.lastFrame;
    const candidates = next.referenceImages ?? referenceImages;
    let lastProblem: string | undefined;
    if (next.lastFrame) lastProblem = errorText(await checkReferenceImage(next.lastFrame));
    const kept: File[] = [];
    let referenceProblem: string | undefined;
    for (const file of candidates.slice(0, MAX_REFERENCE_IMAGES)) {
      const problem = next.referenceImages ? errorText(await checkReferenceImage(file)) : undefined;
      if (problem) referenceProblem ??= problem;
      else kept.push(file);
    }
    const rules = directingProblems(
      {
        firstFrame: image !== null,
        lastFrame: !lastProblem && candidateLast !== null,
        referenceImages: candidates.length,
      },
      directing,
    );
    if (!lastProblem) setLastFrame(candidateLast);
    setReferenceImages(kept);
    setErrors((prev) => ({
      ...prev,
      lastFrame: lastProblem ?? rules.lastFrame,
      referenceImages: referenceProblem ?? rules.referenceImages,
    }));
  };

  const removeImage = () => {
    imageCheck.current++;
    clientKey.current = null;
    setCheckingImage(false);
    setImage(null);
    setErrors((prev) => ({ ...prev, image: undefined }));
  };

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current || busy || checkingImage) return; // a double click sends once
    const found = validateCreateForm(values);
    const rules = directingProblems(
      { firstFrame: image !== null, lastFrame: lastFrame !== null, referenceImages: referenceImages.length },
      directing,
    );
    const fieldErrors: FieldErrors = {
      prompt: errorText(found.prompt),
      seed: errorText(found.seed),
      image: errors.image,
      lastFrame: rules.lastFrame,
      referenceImages: rules.referenceImages,
    };
    setTouched({ prompt: true, seed: true });
    setErrors(fieldErrors);
    if (Object.values(fieldErrors).some(Boolean)) {
      focusFirstInvalid();
      return;
    }
    if (short) return;

    submitting.current = true;
    setFormError(null);
    clientKey.current ??= newUuid();
    try {
      const request = await create.mutateAsync({
        prompt: values.prompt.trim(),
        quality: values.quality,
        aspectRatio: values.aspectRatio,
        seed: values.seed.trim(),
        clientKey: clientKey.current,
        image,
        lastFrame,
        referenceImages,
      });
      toast.success(t('create.success'));
      navigate(`/dashboard/confirmation?id=${encodeURIComponent(request.id)}`);
    } catch (error) {
      const apiError = error instanceof VideoApiError ? error : undefined;
      const failure = classifySubmitError(apiError ?? {}, image !== null);
      if (failure !== 'submit' || (apiError && apiError.status >= 400 && apiError.status < 500)) {
        // A definite refusal: nothing was created, so the next submit is a new attempt.
        clientKey.current = null;
      }
      if (failure === 'fields' && apiError) {
        const fields = apiError.fields;
        setErrors({
          prompt: fields.prompt,
          quality: fields.quality,
          aspectRatio: fields.aspectRatio,
          seed: fields.seed,
          image: fields.image,
          lastFrame: fields.lastFrame,
          referenceImages: fields.referenceImages,
        });
        // A message for a field the form does not show (e.g. clientKey) still needs saying.
        if (Object.keys(fields).some((key) => !SHOWN_FIELDS.includes(key)))
          setFormError(t('create.errors.submit'));
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
      if (failure === 'credits') setCreditsRefused(true);
      setFormError(message);
      toast.error(message);
    } finally {
      submitting.current = false;
    }
  };

  const promptLength = values.prompt.length;
  const showRatioWarning = losesPromisedResolution(values.quality, values.aspectRatio);
  const showSensitive = hasSensitiveTerms(values.prompt);
  const promptIds = {
    hint: `${ids}-prompt-hint`,
    error: errors.prompt ? `${ids}-prompt-error` : undefined,
    sensitive: showSensitive ? `${ids}-sensitive` : undefined,
  };
  const seedIds = { hint: `${ids}-seed-hint`, error: errors.seed ? `${ids}-seed-error` : undefined };

  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('create.title')}</h1>
        <p className="text-muted-foreground">{t('create.subtitle', { seconds: VIDEO_LENGTH_SECONDS })}</p>
      </header>

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
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${ids}-prompt`}>{t('create.prompt.label')}</Label>
              <Textarea
                id={`${ids}-prompt`}
                name="prompt"
                rows={5}
                maxLength={PROMPT_MAX_LENGTH}
                placeholder={t('create.prompt.placeholder')}
                value={values.prompt}
                disabled={busy}
                onChange={(event) => update('prompt', event.currentTarget.value)}
                onBlur={() => blur('prompt')}
                aria-invalid={errors.prompt ? true : undefined}
                aria-describedby={[promptIds.hint, promptIds.error, promptIds.sensitive]
                  .filter(Boolean)
                  .join(' ')}
                data-testid="prompt-input"
              />
              <div className="flex items-start justify-between gap-3">
                <FieldHint id={promptIds.hint}>
                  {t('create.prompt.hint', { min: PROMPT_MIN_LENGTH })}
                </FieldHint>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                  {t('create.prompt.counter', { count: promptLength, max: PROMPT_MAX_LENGTH })}
                </span>
              </div>
              <FieldError id={promptIds.error} data-testid="prompt-error">
                {errors.prompt}
              </FieldError>
              {showSensitive ? (
                <Notice
                  id={promptIds.sensitive}
                  icon={VolumeX}
                  title={t('create.sensitiveWarning.title')}
                  testId="sensitive-warning"
                >
                  {t('create.sensitiveWarning.body')}
                </Notice>
              ) : null}
            </div>

            <div className="flex flex-col gap-2">
              <OptionCards<VideoQuality>
                name="quality"
                legend={t('create.quality.legend')}
                value={values.quality}
                disabled={busy}
                onChange={(quality) => update('quality', quality)}
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
                        {t(`create.quality.descriptions.${quality}`, { resolution: VIDEO_RESOLUTION })}
                      </span>
                      <span className="block">
                        {t('create.quality.time', VIDEO_DURATION_MINUTES[quality])}
                      </span>
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
              <FieldError>{errors.quality}</FieldError>
            </div>

            <div className="flex flex-col gap-2">
              <OptionCards<AspectRatio>
                name="aspectRatio"
                legend={t('create.aspect.legend')}
                value={values.aspectRatio}
                disabled={busy}
                onChange={(ratio) => update('aspectRatio', ratio)}
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
              <FieldError>{errors.aspectRatio}</FieldError>
              {showRatioWarning ? (
                <Notice
                  icon={AlertTriangle}
                  title={t('create.qualityRatioWarning.title')}
                  testId="quality-ratio-warning"
                  action={
                    <Button variant="outline" size="sm" onClick={() => update('quality', 'fast')}>
                      {t('create.qualityRatioWarning.useFast')}
                    </Button>
                  }
                >
                  {t('create.qualityRatioWarning.body', { ratio: values.aspectRatio })}
                </Notice>
              ) : null}
            </div>

            <div className="flex max-w-xs flex-col gap-2">
              <Label htmlFor={`${ids}-seed`}>{t('create.seed.label')}</Label>
              <Input
                id={`${ids}-seed`}
                name="seed"
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                pattern="[0-9]{5}"
                placeholder="12345"
                value={values.seed}
                disabled={busy}
                onChange={(event) => update('seed', sanitiseSeed(event.currentTarget.value))}
                onBlur={() => blur('seed')}
                aria-invalid={errors.seed ? true : undefined}
                aria-describedby={[seedIds.hint, seedIds.error].filter(Boolean).join(' ')}
                data-testid="seed-input"
              />
              <FieldHint id={seedIds.hint}>
                {t('create.seed.hint', { min: SEED_MIN, max: SEED_MAX })}
              </FieldHint>
              <FieldError id={seedIds.error} data-testid="seed-error">
                {errors.seed}
              </FieldError>
            </div>

            <ReferenceImageField
              file={image}
              error={errors.image}
              checking={checkingImage}
              disabled={busy}
              onSelect={(file) => void selectImage(file)}
              onRemove={removeImage}
            />

            <DirectingFields
              hasFirstFrame={image !== null}
              offer={directing}
              lastFrame={lastFrame}
              referenceImages={referenceImages}
              errors={{ lastFrame: errors.lastFrame, referenceImages: errors.referenceImages }}
              disabled={busy}
              onLastFrame={(file) => void selectDirecting({ lastFrame: file })}
              onReferenceImages={(files) => void selectDirecting({ referenceImages: files })}
            />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-4 lg:sticky lg:top-20">
          <CostSummary
            cost={cost}
            balance={balance}
            balanceError={credits.isError}
            showPricing={creditsRefused}
          />
          {formError ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
              data-testid="create-error"
            >
              {formError}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={busy}
            disabled={short || checkingImage || unavailable(values.quality)}
            data-testid="create-submit"
          >
            {busy ? (
              t('create.submitting')
            ) : (
              <>
                <Sparkles aria-hidden="true" />
                {t('create.submit')}
              </>
            )}
          </Button>
        </div>
      </form>
    </div>
  );
}
