import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_IMAGES_MAX, type CastKind, createCastFormSchema } from '#shared/cast';
import { referenceImageProblem } from '#shared/video-request';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useSaveCastMember } from '../api/cast';

type CastField = 'name' | 'images' | 'likenessConsent' | 'description' | 'kind';
type CastFieldErrors = Partial<Record<CastField, string>>;

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

/**
 * 'Novo membro''s values, checked with the shared form schema (`createCastFormSchema`, ADR 0023) before sending and
 * emptied once saved; the server's field messages are shown beside their fields, any other refusal in a toast.
 */
export function useCastForm() {
  const { t } = useTranslation('cast');
  const save = useSaveCastMember();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CastKind>('character');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<CastFieldErrors>({});

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
  const validate = (): CastFieldErrors => {
    const result = createCastFormSchema.safeParse({
      name,
      kind,
      description,
      images,
      likenessConsent: consent ? 'true' : 'false',
    });
    const found: CastFieldErrors = {};
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] as CastField;
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
      if (Object.keys(fields).length > 0) setErrors(fields as CastFieldErrors);
      else toast.error(isApiError(error) ? error.message : t('list.error'));
    }
  };

  return {
    values: { name, kind, description, images, consent },
    set: {
      name: setName,
      kind: setKind,
      description: setDescription,
      images: setImages,
      consent: setConsent,
    },
    errors,
    addImages,
    onSubmit,
    saving: save.isPending,
  };
}
