import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAST_DESCRIPTION_MAX_LENGTH,
  CAST_IMAGES_MAX,
  CAST_KINDS,
  CAST_NAME_MAX_LENGTH,
  type CastKind,
  createCastFormSchema,
} from '#shared/cast';
import { referenceImageMaxMegabytes } from '#shared/catalogue';
import { referenceImageProblem } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { FieldError, FieldHint, Input, Label, Textarea } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useSaveCastMember } from '../api/cast';

type Field = 'name' | 'images' | 'likenessConsent' | 'description' | 'kind';

/** The UI-language message of a field the schema refuses (its own messages are the server's pt-BR ones). */
const FIELD_MESSAGES = {
  name: 'form.errors.name',
  images: 'form.errors.imagesCount',
  likenessConsent: 'form.errors.consent',
} as const;

/** Each chosen file judged by its first bytes and size, with the same rule the server applies. */
async function imageProblem(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return referenceImageProblem(file.size, head);
}

/** The preview URL of each chosen file, revoked when the files change or the form goes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/** 'Novo membro': name, kind, description, 1–3 images, and for a character the portrayed person's consent. */
export function CastForm() {
  const { t } = useTranslation('cast');
  const save = useSaveCastMember();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CastKind>('character');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const previews = usePreviews(images);

  const addImages = async (chosen: FileList | null) => {
    const files = [...(chosen ?? [])];
    for (const file of files) {
      const problem = await imageProblem(file);
      if (problem) {
        setErrors((current) => ({ ...current, images: problem }));
        return;
      }
    }
    const next = [...images, ...files].slice(0, CAST_IMAGES_MAX);
    setImages(next);
    setErrors((current) => ({
      ...current,
      images: images.length + files.length > CAST_IMAGES_MAX ? t('form.errors.imagesCount') : undefined,
    }));
  };

  /** The shared form schema's problems (src/shared/cast.ts), each said in the UI language. */
  const validate = (): Partial<Record<Field, string>> => {
    const result = createCastFormSchema.safeParse({
      name,
      kind,
      description,
      images,
      likenessConsent: consent ? 'true' : 'false',
    });
    const found: Partial<Record<Field, string>> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] as Field;
      found[field] ??=
        field in FIELD_MESSAGES ? t(FIELD_MESSAGES[field as keyof typeof FIELD_MESSAGES]) : issue.message;
    }
    return found;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        event.currentTarget?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    try {
      const member = await save.mutateAsync({ name, kind, description, images, likenessConsent: consent });
      toast.success(t('form.saved', { name: member.name }));
      setName('');
      setDescription('');
      setImages([]);
      setConsent(false);
      setErrors({});
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? {}) : {};
      if (Object.keys(fields).length > 0) setErrors(fields as Partial<Record<Field, string>>);
      else toast.error(isApiError(error) ? error.message : t('list.error'));
    }
  };

  const nameId = `${id}-name`;
  const imagesId = `${id}-images`;
  const consentId = `${id}-consent`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('form.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="cast-form">
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>{t('form.name')}</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={CAST_NAME_MAX_LENGTH}
              placeholder={t('form.namePlaceholder')}
              onChange={(event) => setName(event.currentTarget.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${nameId}-error` : undefined}
              data-testid="cast-name"
            />
            <FieldError id={`${nameId}-error`}>{errors.name}</FieldError>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm leading-none font-medium">{t('form.kind')}</legend>
            <div className="flex flex-wrap gap-2">
              {CAST_KINDS.map((value) => (
                <label
                  key={value}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="accent-primary"
                    data-testid={`cast-kind-${value}`}
                  />
                  {t(`kinds.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              maxLength={CAST_DESCRIPTION_MAX_LENGTH}
              placeholder={t('form.descriptionPlaceholder')}
              onChange={(event) => setDescription(event.currentTarget.value)}
              className="min-h-20"
            />
            <FieldError>{errors.description}</FieldError>
          </div>

          <div className="flex flex-col gap-2">
            <span className="text-sm leading-none font-medium" id={`${imagesId}-label`}>
              {t('form.images')}
            </span>
            <FieldHint id={`${imagesId}-hint`}>
              {t('form.imagesHint', { mb: referenceImageMaxMegabytes() })}
            </FieldHint>
            {images.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-labelledby={`${imagesId}-label`}>
                {images.map((file, index) => (
                  <li key={previews[index]} className="relative" data-testid="cast-image-item">
                    <img
                      src={previews[index]}
                      alt={file.name}
                      className="size-20 rounded-md border object-cover"
                    />
                    <button
                      type="button"
                      onClick={() => setImages(images.filter((_, i) => i !== index))}
                      aria-label={t('form.removeImage', { name: file.name })}
                      className="absolute -top-2 -right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-full border bg-card shadow-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <input
              ref={fileInput}
              id={imagesId}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-labelledby={`${imagesId}-label`}
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                void addImages(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
              data-testid="cast-images-input"
            />
            <Button
              variant="outline"
              className="w-fit"
              disabled={images.length >= CAST_IMAGES_MAX}
              onClick={() => fileInput.current?.click()}
              aria-invalid={errors.images ? true : undefined}
              aria-describedby={`${imagesId}-hint${errors.images ? ` ${imagesId}-error` : ''}`}
            >
              <ImagePlus aria-hidden="true" />
              {t('form.chooseImages')}
            </Button>
            <FieldError id={`${imagesId}-error`} data-testid="cast-images-error">
              {errors.images}
            </FieldError>
          </div>

          {kind === 'character' ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={consentId} className="flex cursor-pointer items-start gap-2 text-sm">
                <input
                  id={consentId}
                  type="checkbox"
                  checked={consent}
                  onChange={(event) => setConsent(event.currentTarget.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  aria-invalid={errors.likenessConsent ? true : undefined}
                  aria-describedby={`${consentId}-hint`}
                  data-testid="cast-consent"
                />
                <span>{t('form.consent')}</span>
              </label>
              <FieldHint id={`${consentId}-hint`} className="pl-6 text-xs">
                {t('form.consentHint')}
              </FieldHint>
              <FieldError className="pl-6">{errors.likenessConsent}</FieldError>
            </div>
          ) : null}

          <Button
            type="submit"
            loading={save.isPending}
            className="w-full sm:w-fit"
            data-testid="cast-submit"
          >
            {t('form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
